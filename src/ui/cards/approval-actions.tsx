import { useEffect, useRef, useState } from 'preact/hooks';
import { t } from '../../i18n';
import type { ApprovalCard } from '../../shared/protocols/thread-protocol';
import { editorConflict, overrideLabel, waitingHint } from './editor-notice';

/** What the buttons decide; the card adds the record id and payload hash. */
export interface Choice {
  approve: boolean;
  note?: string;
  grantThread?: boolean;
  overEditor?: boolean;
  /** Issue 36 item 1: the later calls shown with the card, each decided. */
  batch?: {
    recordId: string;
    payloadHash: string;
    targetModified: string | null;
    approve: boolean;
  }[];
}

interface Props {
  card: ApprovalCard;
  /** False while the key guard holds (C7) or a decision is on its way. */
  armed: boolean;
  sending: boolean;
  onChoose(choice: Choice): void;
}

/**
 * Approve, Reject (with an optional note, then Confirm reject), and "Approve and allow
 * <tool> for this thread" only where G14 permits. Real buttons in tab order; while not
 * armed they ignore clicks and swallow Enter and Space, so no stray key decides (C7).
 */
export function ApprovalActions({ card, armed, sending, onChoose }: Props) {
  const [rejecting, setRejecting] = useState(false);
  // E2/E3: the person chose to leave the call waiting until the editor is clear.
  const [leftWaiting, setLeftWaiting] = useState(false);
  const conflict = editorConflict(card.editor);
  const choosing = conflict !== null && !leftWaiting;
  const [note, setNote] = useState('');
  const noteRef = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (rejecting) noteRef.current?.focus();
  }, [rejecting]);
  const ready = armed && !sending;
  const act = (action: () => void) => (event: Event) => {
    if (!ready) event.preventDefault();
    else action();
  };
  const swallow = (event: KeyboardEvent) => {
    if (!ready && (event.key === 'Enter' || event.key === ' ')) event.preventDefault();
  };
  const reject = () => onChoose({ approve: false, ...(note.trim() ? { note: note.trim() } : {}) });
  return (
    <div class="card-actions" onKeyDown={swallow} onKeyUp={swallow}>
      {sending && (
        <p class="muted small" role="status">
          <span class="spinner" aria-hidden="true" /> {t('cards.decision.sending')}
        </p>
      )}
      {conflict && leftWaiting && (
        <p class="small" role="status" data-testid="left-waiting">
          {t('cards.decision.leftWaiting', { hint: waitingHint(conflict, card.editor) })}
        </p>
      )}
      {!rejecting ? (
        <div class="button-row">
          {choosing ? (
            <>
              <button
                type="button"
                class="primary"
                aria-disabled={!ready}
                onClick={act(() => onChoose({ approve: true, overEditor: true }))}
              >
                {overrideLabel(conflict, card.editor)}
              </button>
              <button
                type="button"
                aria-disabled={!ready}
                onClick={act(() => setLeftWaiting(true))}
              >
                {t('cards.action.leaveWaiting')}
              </button>
            </>
          ) : (
            <button
              type="button"
              class="primary"
              aria-disabled={!ready}
              onClick={act(() => {
                // A plain approval is checked again; if the editor still holds it back,
                // the card offers the choice again.
                setLeftWaiting(false);
                onChoose({ approve: true });
              })}
            >
              {t('cards.action.approve')}
            </button>
          )}
          {card.canGrantThread && !choosing && (
            <button
              type="button"
              aria-disabled={!ready}
              onClick={act(() => onChoose({ approve: true, grantThread: true }))}
            >
              {t('cards.action.approveAndAllow', { tool: card.toolLabel })}
            </button>
          )}
          <button
            type="button"
            class="danger"
            aria-disabled={!ready}
            onClick={act(() => setRejecting(true))}
          >
            {t('cards.action.reject')}
          </button>
        </div>
      ) : (
        <div class="reject-note">
          <label for={`note-${card.recordId}`}>{t('cards.reject.noteLabel')}</label>
          <textarea
            id={`note-${card.recordId}`}
            ref={noteRef}
            rows={2}
            maxLength={2000}
            value={note}
            onInput={(event) => setNote(event.currentTarget.value)}
          />
          <div class="button-row">
            <button type="button" class="danger" aria-disabled={!ready} onClick={act(reject)}>
              {t('cards.action.confirmReject')}
            </button>
            <button type="button" onClick={() => setRejecting(false)}>
              {t('common.action.cancel')}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
