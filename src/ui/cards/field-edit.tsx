import { useEffect, useRef, useState } from 'preact/hooks';
import { t } from '../../i18n';
import type { ApprovalCard as Card, FieldChange } from '../../shared/protocols/thread-protocol';

interface Props {
  field: FieldChange;
  /** This field's editor is open (one field at a time). */
  open: boolean;
  /** Another field's editor is open, or the card is busy: the button waits. */
  disabled: boolean;
  onOpen(): void;
  onCancel(): void;
  /** Sends the person's version; the card comes back with its diff and hash. */
  onApply(value: string): void;
}

/**
 * Issue 36 item 2: the proposed side of a text field, editable before approving. The
 * person's text is never applied here: it goes to the background, which checks it as it
 * checks a proposal and sends the card back with a fresh diff and its own hash. Escape
 * cancels; the button names the field, so a screen reader user knows which one.
 */
export function FieldEdit({ field, open, disabled, onOpen, onCancel, onApply }: Props) {
  const [value, setValue] = useState(field.proposed);
  const area = useRef<HTMLTextAreaElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(open);
  useEffect(() => {
    if (open) {
      setValue(field.proposed);
      area.current?.focus();
    } else if (wasOpen.current) opener.current?.focus();
    wasOpen.current = open;
  }, [open]);
  if (!open) {
    return (
      <button
        type="button"
        class="secondary small field-edit-open"
        ref={opener}
        disabled={disabled}
        onClick={onOpen}
        data-testid={`edit-${field.key}`}
      >
        {t('cards.edit.button', { field: field.label })}
      </button>
    );
  }
  const id = `edit-${field.key}-${field.label.length}`;
  const long = field.format === 'html' || field.proposed.length > 120;
  return (
    <div
      class="field-edit"
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          onCancel();
        }
      }}
    >
      <label for={id}>{t('cards.edit.label', { field: field.label })}</label>
      <textarea
        id={id}
        ref={area}
        rows={long ? 10 : 2}
        value={value}
        spellcheck
        data-testid={`edit-value-${field.key}`}
        onInput={(event) => setValue((event.target as HTMLTextAreaElement).value)}
      />
      {disabled && (
        <p class="muted small" role="status">
          <span class="spinner" aria-hidden="true" /> {t('cards.edit.checking')}
        </p>
      )}
      <div class="button-row">
        <button
          type="button"
          class="primary"
          disabled={disabled || value === field.proposed}
          onClick={() => onApply(value)}
          data-testid={`edit-apply-${field.key}`}
        >
          {t('cards.edit.apply')}
        </button>
        <button type="button" onClick={onCancel}>
          {t('cards.edit.cancel')}
        </button>
      </div>
    </div>
  );
}

/** Issue 36: the person edited the proposal: what the agent proposed, and the way back. */
export function EditedNote({
  card,
  busy,
  onUndo,
}: {
  card: Card;
  busy: boolean;
  onUndo?: () => void;
}) {
  const edited = card.edited!;
  const all = [...(card.fields ?? []), ...(card.droppedFields ?? [])];
  const label = (key: string) => all.find((f) => f.key === key)?.label ?? key;
  const dropped = edited.dropped ?? [];
  return (
    <div class="banner edited-note" role="status" data-testid="edited-note">
      <p>{t('cards.edited.note', { fields: edited.fields.map(label).join(', ') })}</p>
      {edited.fields.map((key) =>
        dropped.includes(key) ? (
          <p class="small" key={key}>
            {t('cards.edited.left', { field: label(key) })}
          </p>
        ) : (
          <p class="small" key={key}>
            <span class="muted">{t('cards.edited.proposed', { field: label(key) })}</span>{' '}
            <span class="edited-proposed" data-i18n-exempt="the agent's proposal">
              {clipText(edited.proposed[key] ?? '')}
            </span>
          </p>
        ),
      )}
      {onUndo && (
        <button
          type="button"
          class="secondary small"
          disabled={busy}
          onClick={onUndo}
          data-testid="edit-undo"
        >
          {t('cards.edited.undo')}
        </button>
      )}
    </div>
  );
}

function clipText(text: string): string {
  return text.length > 300 ? `${text.slice(0, 299)}…` : text;
}
