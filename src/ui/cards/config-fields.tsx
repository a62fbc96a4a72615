import type { ComponentChildren } from 'preact';
import { t } from '../../i18n';
import type {
  ApprovalCard as Card,
  ConfigItem,
  FieldChange,
} from '../../shared/protocols/thread-protocol';
import type { Edits } from './content-fields';
import { IncludeField } from './include-field';
import { FieldEdit } from './field-edit';
import { YamlDiffList } from './yaml-diff-list';

/** A setting's value as the text a person edits (a setting's text is offered as it is). */
function asText(value: unknown): string {
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The field the editor works on: a setting is named by its key, as its diff names it. */
function settingField(item: ConfigItem): FieldChange {
  return {
    key: item.key,
    label: item.key,
    current: asText(item.current),
    proposed: asText(item.proposed),
    format: 'text',
  };
}

/**
 * Issue 36 on a configuration card (C2): one YAML diff per setting, each with what the
 * person may do about it: edit the proposed text of a text setting (item 2) and, when the
 * call sets several, a checkbox that applies or leaves that setting (item 3). Settings left
 * as they are stay listed, dimmed and unchecked, as the agent proposed them.
 */
export function ConfigFields({ card, edits }: { card: Card; edits?: Edits }) {
  const items = card.config ?? [];
  const left = card.droppedConfig ?? [];
  const on = (key: string) => items.some((item) => item.key === key);
  const included = items.filter((item) => edits?.droppable.includes(item.key)).length;
  const byKey = new Map([...items, ...left].map((item) => [item.key, item]));
  const around = (key: string, diff: ComponentChildren) => {
    const applied = on(key);
    const item = byKey.get(key);
    return (
      <div class={applied ? 'field-block' : 'field-block field-dropped'}>
        {edits?.droppable.includes(key) && (
          <IncludeField edits={edits} name={key} label={key} on={applied} included={included} />
        )}
        <div class="field">
          {card.edited?.fields.includes(key) && applied && (
            <p class="small muted">{t('cards.field.yourVersion')}</p>
          )}
          {!applied && <p class="small muted">{t('cards.include.agentProposed')}</p>}
          {diff}
        </div>
        {applied && item && edits?.editable.includes(key) && (
          <FieldEdit
            field={settingField(item)}
            open={edits.editing === key}
            disabled={edits.busy || (edits.editing !== null && edits.editing !== key)}
            onOpen={() => edits.setEditing(key)}
            onCancel={() => edits.setEditing(null)}
            onApply={(value) => edits.apply(key, value)}
          />
        )}
      </div>
    );
  };
  return (
    <YamlDiffList
      items={[...items, ...left]}
      around={edits || left.length > 0 ? around : undefined}
    />
  );
}
