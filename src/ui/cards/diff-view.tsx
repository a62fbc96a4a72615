import { useState } from 'preact/hooks';
import type { DiffSegment } from '../../cards/diff-types';
import { t } from '../../i18n';

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
        <span class="sr-only">{t('cards.diff.added')} </span>
        <span data-i18n-exempt="diff">{text}</span>
      </ins>
    );
  }
  if (kind === 'del') {
    return (
      <del>
        <span class="sr-only">{t('cards.diff.removed')} </span>
        <span data-i18n-exempt="diff">{text}</span>
      </del>
    );
  }
  return <span data-i18n-exempt="diff">{text}</span>;
}
