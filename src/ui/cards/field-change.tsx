import { useMemo, useState } from 'preact/hooks';
import { fieldDiffView } from '../../cards/field-diff';
import { t } from '../../i18n';
import type { FieldChange as Field } from '../../shared/protocols/thread-protocol';
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
  const [before, after] = props.sides ?? [t('cards.field.current'), t('cards.field.proposed')];
  const [view, setView] = useState<'rendered' | 'source'>(
    field.format === 'html' ? 'rendered' : 'source',
  );
  const diff = useMemo(
    () => fieldDiffView(field.current, field.proposed),
    [field.current, field.proposed],
  );
  return (
    <section class="field" aria-label={field.label} data-i18n-label="worker">
      <h4 class="field-label">
        <span data-i18n-worker>{field.label}</span>
        {props.changedSince && <span class="badge warn">{t('cards.field.changedSince')}</span>}
      </h4>
      {field.format === 'html' && (
        <div
          class="view-toggle"
          role="group"
          aria-label={t('cards.field.howToShow', { field: field.label })}
        >
          {(['rendered', 'source'] as const).map((option) => (
            <button
              key={option}
              type="button"
              aria-pressed={view === option}
              onClick={() => setView(option)}
            >
              {option === 'rendered' ? t('cards.field.rendered') : t('cards.field.source')}
            </button>
          ))}
        </div>
      )}
      {view === 'rendered' ? (
        <RenderedDiff field={field} imageOrigins={props.imageOrigins} />
      ) : diff.big ? (
        <DiffView
          segments={diff.unified}
          label={t('cards.field.changesTo', { field: field.label })}
        />
      ) : (
        <dl class="field-sides">
          <dt>{before}</dt>
          <dd>
            {field.current ? (
              <DiffView
                segments={diff.current}
                label={t('cards.field.sideValue', { side: before })}
              />
            ) : (
              <Empty />
            )}
          </dd>
          <dt>{after}</dt>
          <dd>
            {field.proposed ? (
              <DiffView
                segments={diff.proposed}
                label={t('cards.field.sideValue', { side: after })}
              />
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
  return <span class="muted">{t('cards.field.empty')}</span>;
}
