import { useState } from 'preact/hooks';
import type { DiffSegment } from '../../cards/diff-types';

/**
 * A diff as text: additions in `<ins>`, removals in `<del>` (underlined and struck, not
 * only coloured, and named for screen readers); folded runs are buttons that expand.
 */
export function DiffView({ segments, label }: { segments: readonly DiffSegment[]; label: string }) {
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  return (
    <div class="diff" role="group" aria-label={label}>
      {segments.map((segment, index) => {
        if (segment.kind !== 'collapsed') return <Part key={index} {...segment} />;
        if (open.has(index)) return <Part key={index} {...segment.hidden} />;
        return (
          <button
            key={index}
            type="button"
            class="fold"
            onClick={() => setOpen(new Set(open).add(index))}
          >
            {segment.label}
          </button>
        );
      })}
    </div>
  );
}

function Part({ kind, text }: { kind: 'same' | 'ins' | 'del'; text: string }) {
  if (kind === 'ins') {
    return (
      <ins>
        <span class="sr-only">added: </span>
        {text}
      </ins>
    );
  }
  if (kind === 'del') {
    return (
      <del>
        <span class="sr-only">removed: </span>
        {text}
      </del>
    );
  }
  return <span>{text}</span>;
}
