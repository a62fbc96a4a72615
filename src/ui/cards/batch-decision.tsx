import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { t } from '../../i18n';
import type { ApprovalCard, BatchCard } from '../../shared/protocols/thread-protocol';
import { EntityLine, HashChip } from './card-head';
import { PreviewBlock } from './preview-block';

/** Issue 36 item 1: what the person decided about a turn's calls, as the card sends it. */
export interface BatchDecision {
  approve: boolean;
  note?: string;
  batch: {
    recordId: string;
    payloadHash: string;
    targetModified: string | null;
    approve: boolean;
  }[];
}

/** Which calls of the turn are selected: the first card's and each later one's, by record id. */
export function useSelection(card: ApprovalCard) {
  const initial = () =>
    Object.fromEntries([
      [card.recordId, !card.careful],
      ...(card.batch ?? []).map((m) => [m.recordId, !m.careful]),
    ]) as Record<string, boolean>;
  const [selected, setSelected] = useState<Record<string, boolean>>(initial);
  // A refreshed card (another hash) starts again from the defaults.
  const key = [card.payloadHash, ...(card.batch ?? []).map((m) => m.payloadHash)].join('|');
  useEffect(() => setSelected(initial()), [key]);
  return {
    selected,
    toggle: (recordId: string) => setSelected((s) => ({ ...s, [recordId]: !s[recordId] })),
  };
}

/** The checkbox that includes one call in "Approve selected". */
export function SelectCall(props: {
  recordId: string;
  label: string;
  /** The entry the call changes, so each checkbox says which call it is. */
  title?: string;
  careful: boolean;
  checked: boolean;
  onToggle(): void;
}) {
  return (
    <label class="batch-select">
      <input
        type="checkbox"
        checked={props.checked}
        onChange={props.onToggle}
        data-testid={`select-${props.recordId}`}
      />{' '}
      {props.title
        ? t('cards.batch.selectOn', { tool: props.label, title: props.title })
        : t('cards.batch.select', { tool: props.label })}
      {props.careful && <span class="badge warn">{t('cards.batch.careful')}</span>}
    </label>
  );
}

/**
 * The later calls of the reply, each with its own card: label, short hash, why it asks,
 * what would change (`body`, the same view as the first card's) and its preview.
 */
export function BatchMembers(props: {
  card: ApprovalCard;
  selected: Record<string, boolean>;
  onToggle(recordId: string): void;
  body(member: BatchCard): ComponentChildren;
  /** The section's heading: "Also in this reply" unless the caller names it otherwise. */
  heading?: string;
}) {
  const { card } = props;
  const heading = props.heading ?? t('cards.batch.heading');
  return (
    <section class="batch" aria-label={heading}>
      <h4>{heading}</h4>
      {(card.batch ?? []).map((member) => (
        <section
          class="batch-member"
          key={member.recordId}
          aria-label={member.toolLabel}
          data-testid="batch-member"
        >
          <SelectCall
            recordId={member.recordId}
            label={member.toolLabel}
            title={member.entity?.title}
            careful={member.careful}
            checked={props.selected[member.recordId] === true}
            onToggle={() => props.onToggle(member.recordId)}
          />
          <header class="card-head">
            <h3 data-i18n-worker>{member.toolLabel}</h3>
            <HashChip short={member.shortHash} full={member.payloadHash} />
          </header>
          <p class="card-reason small">
            <span class="muted">{t('cards.reason.label')}</span>{' '}
            <span data-i18n-worker>{member.reason}</span>
          </p>
          {member.entity && <EntityLine entity={member.entity} />}
          {props.body(member)}
          <PreviewBlock preview={member.preview} />
        </section>
      ))}
      {card.batchStop && (
        <p class="small muted" role="note" data-testid="batch-stop">
          {t('cards.batch.stop', { tool: card.batchStop.toolLabel })}{' '}
          <span data-i18n-worker>{card.batchStop.reason}</span>
        </p>
      )}
    </section>
  );
}

/**
 * "Approve selected (N of M)" and "Reject all" (with a note, then Confirm). The note goes
 * with every call left out. While not armed (C7) the buttons ignore clicks and keys.
 */
export function BatchActions(props: {
  card: ApprovalCard;
  armed: boolean;
  sending: boolean;
  selected: Record<string, boolean>;
  onDecide(decision: BatchDecision): void;
}) {
  const { card, selected } = props;
  const [rejecting, setRejecting] = useState(false);
  const [note, setNote] = useState('');
  const members = card.batch ?? [];
  const total = members.length + 1;
  const count = [card.recordId, ...members.map((m) => m.recordId)].filter(
    (id) => selected[id],
  ).length;
  const ready = props.armed && !props.sending;
  const act = (action: () => void) => (event: Event) => {
    if (!ready) event.preventDefault();
    else action();
  };
  const swallow = (event: KeyboardEvent) => {
    if (!ready && (event.key === 'Enter' || event.key === ' ')) event.preventDefault();
  };
  const send = (all: boolean | null) =>
    props.onDecide({
      approve: all ?? selected[card.recordId] === true,
      ...(note.trim() ? { note: note.trim() } : {}),
      batch: members.map((m) => ({
        recordId: m.recordId,
        payloadHash: m.payloadHash,
        targetModified: m.targetModified ?? null,
        approve: all ?? selected[m.recordId] === true,
      })),
    });
  return (
    <div class="card-actions" onKeyDown={swallow} onKeyUp={swallow}>
      {props.sending && (
        <p class="muted small" role="status">
          <span class="spinner" aria-hidden="true" /> {t('cards.decision.sending')}
        </p>
      )}
      {count < total && !rejecting && (
        <div class="reject-note">
          <label for={`batch-note-${card.recordId}`}>{t('cards.batch.noteLabel')}</label>
          <textarea
            id={`batch-note-${card.recordId}`}
            rows={2}
            maxLength={2000}
            value={note}
            onInput={(event) => setNote(event.currentTarget.value)}
          />
        </div>
      )}
      {!rejecting ? (
        <div class="button-row">
          <button
            type="button"
            class="primary"
            aria-disabled={!ready || count === 0}
            onClick={act(() => count > 0 && send(null))}
            data-testid="approve-selected"
          >
            {t('cards.batch.approveSelected', { count, total })}
          </button>
          <button
            type="button"
            class="danger"
            aria-disabled={!ready}
            onClick={act(() => setRejecting(true))}
          >
            {t('cards.batch.rejectAll')}
          </button>
        </div>
      ) : (
        <div class="reject-note">
          <label for={`batch-reject-${card.recordId}`}>{t('cards.reject.noteLabel')}</label>
          <textarea
            id={`batch-reject-${card.recordId}`}
            rows={2}
            maxLength={2000}
            value={note}
            onInput={(event) => setNote(event.currentTarget.value)}
          />
          <div class="button-row">
            <button
              type="button"
              class="danger"
              aria-disabled={!ready}
              onClick={act(() => send(false))}
            >
              {t('cards.batch.confirmRejectAll', { total })}
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
