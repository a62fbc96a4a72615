import { useEffect, useRef, useState } from 'preact/hooks';
import type { ApprovalCard } from '../../shared/thread-protocol';

/** What the buttons decide; the card adds the record id and payload hash. */
export interface Choice {
  approve: boolean;
  note?: string;
  grantThread?: boolean;
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
          <span class="spinner" aria-hidden="true" /> Sending your decision…
        </p>
      )}
      {!rejecting ? (
        <div class="button-row">
          <button
            type="button"
            class="primary"
            aria-disabled={!ready}
            onClick={act(() => onChoose({ approve: true }))}
          >
            Approve
          </button>
          {card.canGrantThread && (
            <button
              type="button"
              aria-disabled={!ready}
              onClick={act(() => onChoose({ approve: true, grantThread: true }))}
            >
              Approve and allow {card.toolLabel} for this thread
            </button>
          )}
          <button
            type="button"
            class="danger"
            aria-disabled={!ready}
            onClick={act(() => setRejecting(true))}
          >
            Reject
          </button>
        </div>
      ) : (
        <div class="reject-note">
          <label for={`note-${card.recordId}`}>Note with the rejection (optional)</label>
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
              Confirm reject
            </button>
            <button type="button" onClick={() => setRejecting(false)}>
              Cancel
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
