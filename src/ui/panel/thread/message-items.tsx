import { useMemo, useState } from 'preact/hooks';
import { t } from '../../../i18n';
import { MAX_MESSAGE_LENGTH } from '../../../shared/protocols/thread-protocol';
import { useMarkdown } from '../../markdown/lazy-markdown';

interface UserMessageProps {
  text: string;
  /** R1: sends an edited version; absent where editing is not offered. */
  onEdit?: (text: string) => void;
  /** Why an edit cannot be sent now (the agent works, or a call waits), if it cannot. */
  locked?: string;
}

/**
 * What the person wrote, as plain text. Its Edit button turns it into a form: sending the
 * edit asks again from this message, and what followed it is dropped from the thread (R1),
 * which the form says before anything is sent. Escape cancels, Ctrl+Enter sends.
 */
export function UserMessage({ text, onEdit, locked }: UserMessageProps) {
  const [draft, setDraft] = useState<string | undefined>(undefined);
  if (draft === undefined || !onEdit) {
    return (
      <div class="msg-user-row">
        {onEdit && (
          <button
            type="button"
            class="msg-edit"
            disabled={locked !== undefined}
            title={locked ?? t('panel.edit.title')}
            aria-label={t('panel.edit.buttonLabel')}
            onClick={() => setDraft(text)}
          >
            {t('panel.edit.button')}
          </button>
        )}
        <div class="msg msg-user">
          <span class="sr-only">{t('panel.message.youWrote')} </span>
          <span data-i18n-exempt="the person's message">{text}</span>
        </div>
      </div>
    );
  }
  const changed = draft.trim() !== '' && draft !== text;
  const send = () => {
    if (!changed || locked !== undefined) return;
    onEdit(draft);
    setDraft(undefined);
  };
  return (
    <form
      class="msg msg-user msg-editing"
      aria-label={t('panel.edit.formLabel')}
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <textarea
        aria-label={t('panel.edit.textLabel')}
        value={draft}
        maxLength={MAX_MESSAGE_LENGTH}
        rows={Math.min(8, Math.max(2, draft.split('\n').length))}
        autoFocus
        onInput={(event) => setDraft(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setDraft(undefined);
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) send();
        }}
      />
      <p class="hint">{t('panel.edit.hint')}</p>
      {locked && <p class="hint">{locked}</p>}
      <div class="edit-actions">
        <button type="submit" class="primary" disabled={!changed || locked !== undefined}>
          {t('panel.edit.send')}
        </button>
        <button type="button" onClick={() => setDraft(undefined)}>
          {t('common.action.cancel')}
        </button>
      </div>
    </form>
  );
}

/** Assistant text as sanitized markdown (S1), with a caret while it still streams. */
export function AssistantText(props: { text: string; incomplete?: boolean; adminUrl?: string }) {
  const render = useMarkdown();
  const html = useMemo(
    () => render?.(props.text, props.adminUrl),
    [render, props.text, props.adminUrl],
  );
  return (
    <div
      class="msg msg-assistant"
      aria-busy={props.incomplete}
      data-i18n-exempt="the model's words"
    >
      {html === undefined ? (
        <div class="md md-plain">{props.text}</div>
      ) : (
        <div class="md" dangerouslySetInnerHTML={{ __html: html }} />
      )}
      {props.incomplete && <span class="caret" aria-hidden="true" />}
    </div>
  );
}

/** Extended thinking: collapsed by default, plain text when opened. */
export function ThinkingItem({ text }: { text: string }) {
  return (
    <details class="thinking">
      <summary>{t('panel.message.thinking')}</summary>
      <div class="thinking-text" data-i18n-exempt="the model's words">
        {text}
      </div>
    </details>
  );
}
