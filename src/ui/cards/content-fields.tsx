import { changedSince } from '../../cards/card-texts';
import { t } from '../../i18n';
import type {
  ApprovalCard as Card,
  FieldChange as Field,
} from '../../shared/protocols/thread-protocol';
import { FieldChange } from './field-change';
import { FieldEdit } from './field-edit';
import { IncludeField } from './include-field';
import { ArgsList } from './args-list';
import { ArgumentCardList } from './argument-card';
import { ConfigFields } from './config-fields';

/** Issue 36: what a card needs to offer the person's own version of its fields. */
export interface Edits {
  /** Item 2: fields whose proposed text the person may edit. */
  editable: string[];
  /** Item 3: fields the person may leave as they are on the site, one by one. */
  droppable: string[];
  editing: string | null;
  busy: boolean;
  setEditing(key: string | null): void;
  apply(key: string, value: string): void;
  /** Item 3: apply this field's change (true) or leave the field as it is (false). */
  include(key: string, on: boolean): void;
}

/**
 * A content card's changed fields (C1), each with what the person may do about it: edit
 * its proposed text, and, for a write whose fields are independent, a checkbox that applies
 * or leaves its change. Fields left as they are stay listed, dimmed, unchecked, as the agent
 * proposed them, so the person can take them back.
 */
export function ContentFields(props: { card: Card; imageOrigins: string[]; edits?: Edits }) {
  const { card, edits } = props;
  const yours = card.edited?.fields ?? [];
  const fields = card.fields ?? [];
  const included = fields.filter((f) => edits?.droppable.includes(f.key)).length;
  const row = (field: Field, on: boolean) => (
    <div class={on ? 'field-block' : 'field-block field-dropped'} key={field.key}>
      {edits?.droppable.includes(field.key) && (
        <IncludeField
          edits={edits}
          name={field.key}
          label={field.label}
          on={on}
          included={included}
        />
      )}
      <FieldChange
        field={field}
        changedSince={on && changedSince(card, field)}
        imageOrigins={props.imageOrigins}
        sides={
          on && yours.includes(field.key)
            ? [t('cards.field.current'), t('cards.field.yourVersion')]
            : !on
              ? [t('cards.field.current'), t('cards.include.agentProposed')]
              : undefined
        }
      />
      {on && edits?.editable.includes(field.key) && (
        <FieldEdit
          field={field}
          open={edits.editing === field.key}
          disabled={edits.busy || (edits.editing !== null && edits.editing !== field.key)}
          onOpen={() => edits.setEditing(field.key)}
          onCancel={() => edits.setEditing(null)}
          onApply={(value) => edits.apply(field.key, value)}
        />
      )}
    </div>
  );
  return (
    <div class="fields">
      {fields.map((field) => row(field, true))}
      {(card.droppedFields ?? []).map((field) => row(field, false))}
    </div>
  );
}

/** What would change, by the card's layout: fields, settings, or the arguments. */
export function CardBody({
  card,
  imageOrigins,
  edits,
}: {
  card: Card;
  imageOrigins: string[];
  edits?: Edits;
}) {
  if (card.layout === 'content' && card.fields?.length) {
    return <ContentFields card={card} imageOrigins={imageOrigins} edits={edits} />;
  }
  if (card.layout === 'config' && card.config?.length) {
    return <ConfigFields card={card} edits={edits} />;
  }
  if (card.argumentCard) return <ArgumentCardList data={card.argumentCard} />;
  return <ArgsList args={card.args} imageOrigins={imageOrigins} />;
}
