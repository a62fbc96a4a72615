import { useMemo, useState } from 'preact/hooks';
import { t } from '../../../i18n';
import { threadConfigChanges, type ThreadConfigChange } from '../../../cards/view-config-changes';
import type { ThreadItem } from '../../../shared/protocols/thread-protocol';
import { useCards } from '../../cards/lazy-cards';

interface Props {
  items: readonly ThreadItem[];
  /** Issue 15: the changes among the items before `items` (the background sends them). */
  earlier?: readonly ThreadConfigChange[];
}

/**
 * A6: the thread header's "Settings changed" button; opens the list of settings the
 * thread's writes changed, each with its YAML diff. Hidden when nothing was changed.
 */
export function ConfigChanges({ items, earlier = [] }: Props) {
  const [open, setOpen] = useState(false);
  const cards = useCards();
  const changes = useMemo(() => [...earlier, ...threadConfigChanges(items)], [earlier, items]);
  const count = changes.reduce((sum, change) => sum + change.items.length, 0);
  if (count === 0) return null;
  return (
    <div class="config-changes">
      <button
        type="button"
        aria-expanded={open}
        aria-controls="config-changes"
        onClick={() => setOpen(!open)}
      >
        {t('panel.settingsChanged.button', { count })}
      </button>
      {open && (
        <div id="config-changes" class="config-changes-list">
          {changes.map((change) => (
            <section key={change.recordId} aria-label={change.toolLabel} data-i18n-label="worker">
              <h4 data-i18n-worker>{change.toolLabel}</h4>
              {cards && <cards.YamlDiffList items={change.items} />}
            </section>
          ))}
        </div>
      )}
    </div>
  );
}
