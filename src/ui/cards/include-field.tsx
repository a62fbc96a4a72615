import { t } from '../../i18n';
import type { Edits } from './content-fields';

/**
 * Item 3: the checkbox that applies a field's (or a setting's) change or leaves it as it is.
 * The last change left cannot be dropped: that is a rejection.
 */
export function IncludeField(props: {
  edits: Edits;
  name: string;
  label: string;
  on: boolean;
  /** How many droppable changes are applied now. */
  included: number;
}) {
  const { edits, name, label, on, included } = props;
  return (
    <label class="field-include">
      <input
        type="checkbox"
        checked={on}
        disabled={edits.busy || edits.editing !== null || (on && included <= 1)}
        onChange={() => edits.include(name, !on)}
        data-testid={`include-${name}`}
      />{' '}
      {on ? t('cards.include.apply', { field: label }) : t('cards.include.left', { field: label })}
    </label>
  );
}
