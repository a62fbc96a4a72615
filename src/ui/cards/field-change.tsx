import { useMemo, useState } from 'preact/hooks';
import { fieldDiffView } from '../../cards/field-diff';
import type { FieldChange as Field } from '../../shared/thread-protocol';
import { DiffView } from './diff-view';
import { RenderedDiff } from './rendered-diff';

/**
 * One changed field (C1): its label, the current and proposed values with the word diff
 * marked in them (big fields: one folded inline diff). HTML fields open on a rendered
 * view (sanitized) and can switch to the source diff.
 */
export function FieldChange(props: {
  field: Field;
  changedSince?: boolean;
  imageOrigins: string[];
  /** What the two sides are called (default: Current, Proposed). */
  sides?: [string, string];
}) {
  const { field } = props;
  const [before, after] = props.sides ?? ['Current', 'Proposed'];
  const [view, setView] = useState<'rendered' | 'source'>(
    field.format === 'html' ? 'rendered' : 'source',
  );
  const diff = useMemo(
    () => fieldDiffView(field.current, field.proposed),
    [field.current, field.proposed],
  );
  return (
    <section class="field" aria-label={field.label}>
      <h4 class="field-label">
        {field.label}
        {props.changedSince && <span class="badge warn">Changed since the card was built</span>}
      </h4>
      {field.format === 'html' && (
        <div class="view-toggle" role="group" aria-label={`How to show ${field.label}`}>
          {(['rendered', 'source'] as const).map((option) => (
            <button
              key={option}
              type="button"
              aria-pressed={view === option}
              onClick={() => setView(option)}
            >
              {option === 'rendered' ? 'Rendered' : 'Source diff'}
            </button>
          ))}
        </div>
      )}
      {view === 'rendered' ? (
        <RenderedDiff field={field} imageOrigins={props.imageOrigins} />
      ) : diff.big ? (
        <DiffView segments={diff.unified} label={`Changes to ${field.label}`} />
      ) : (
        <dl class="field-sides">
          <dt>{before}</dt>
          <dd>
            {field.current ? (
              <DiffView segments={diff.current} label={`${before} value`} />
            ) : (
              <Empty />
            )}
          </dd>
          <dt>{after}</dt>
          <dd>
            {field.proposed ? (
              <DiffView segments={diff.proposed} label={`${after} value`} />
            ) : (
              <Empty />
            )}
          </dd>
        </dl>
      )}
    </section>
  );
}

function Empty() {
  return <span class="muted">(empty)</span>;
}
