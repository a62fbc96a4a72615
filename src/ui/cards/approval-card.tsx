import { useEffect, useRef, useState } from 'preact/hooks';
import { landsText, targetChangedText, waitingText } from '../../cards/card-texts';
import { t } from '../../i18n';
import type { ApprovalCard as Card } from '../../shared/protocols/thread-protocol';
import { ApprovalActions, type Choice } from './approval-actions';
import { EntityLine, HashChip } from './card-head';
import { EditorNotice } from './editor-notice';
import { EditedNote } from './field-edit';
import { CardBody, type Edits } from './content-fields';
import { SecondApproverNote } from './second-approver-note';
import { BatchActions, BatchMembers, SelectCall, useSelection } from './batch-decision';
import { editorConflict } from './editor-notice';
import { PreviewBlock } from './preview-block';
import { useArmed } from './use-armed';

interface Props {
  card: Card;
  sending: boolean;
  imageOrigins: string[];
  /** Receives the full decision: the card's record id, payload hash and stamp (G7, G13). */
  onDecide(
    decision: Choice & { recordId: string; payloadHash: string; targetModified: string | null },
  ): void;
  /**
   * Issue 36: the person's version of text fields (null: the proposal again). Only the
   * requester's panel passes it: a second approver decides on what was proposed.
   */
  onAmend?(input: {
    recordId: string;
    payloadHash: string;
    targetModified: string | null;
    fields: Record<string, string> | null;
  }): void;
  /** The heading of the calls decided with this one (default: "Also in this reply"). */
  batchHeading?: string;
}

/** What makes a card "new data" for the key guard: another call, hash, target or values. */
function dataKey(card: Card): string {
  const values = (card.fields ?? []).map((f) => `${f.current.length}/${f.proposed.length}`);
  return [
    card.recordId,
    card.payloadHash,
    JSON.stringify(card.targetChanged ?? null),
    JSON.stringify(card.editor ?? null),
    ...(card.batch ?? []).map((m) => m.payloadHash),
    ...values,
  ].join('|');
}

/**
 * The card a person decides from (C1-C4, C7, P2-P7, G6, G13, G14): the tool's card
 * description, the entity and where the write lands, why it asks, what would change
 * (fields with word diffs, a YAML diff per setting, or the arguments), the preview, how
 * many calls wait behind it, and the decision buttons.
 */
export function ApprovalCard({
  card,
  sending,
  imageOrigins,
  onDecide,
  onAmend,
  batchHeading,
}: Props) {
  const armed = useArmed(dataKey(card));
  // Issue 36: the field whose proposed side is being edited (one at a time).
  const [editing, setEditing] = useState<string | null>(null);
  useEffect(() => setEditing(null), [card.payloadHash]);
  const bound = {
    recordId: card.recordId,
    payloadHash: card.payloadHash,
    targetModified: card.targetModified ?? null,
  };
  // Issue 36 item 1: later calls of the reply shown with this one, decided at once. With
  // an open editor to choose about (E2/E3), the calls are decided one by one instead.
  const batched =
    (card.batch?.length ?? 0) > 0 && !card.secondApprover && !editorConflict(card.editor);
  const selection = useSelection(card);
  const edits: Edits | undefined =
    onAmend && !batched && !card.secondApprover && (card.editable?.length || card.droppable?.length)
      ? {
          editable: card.editable ?? [],
          droppable: card.droppable ?? [],
          editing,
          busy: sending,
          setEditing,
          apply: (key, value) => onAmend({ ...bound, fields: { [key]: value } }),
          include: (key, on) =>
            onAmend({ ...bound, fields: {}, ...(on ? { restore: [key] } : { drop: [key] }) }),
        }
      : undefined;
  const editingLabel = card.fields?.find((f) => f.key === editing)?.label ?? editing;
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    // Land keyboard users on the card (never on a button) when their composer went away.
    const active = document.activeElement;
    if (!active || active === document.body || active.closest('.composer')) ref.current?.focus();
  }, [card.recordId]);
  const lands = landsText(card.lands);
  const changed = targetChangedText(card);
  const waiting = waitingText(card.waiting);
  const titleId = `card-${card.recordId}`;
  return (
    <article
      class="card approval-card"
      aria-labelledby={titleId}
      tabIndex={-1}
      ref={ref}
      data-testid="approval-card"
    >
      <p class="card-kicker">
        <span aria-hidden="true">●</span>{' '}
        {card.secondApprover ? t('cards.kicker.waitingApprover') : t('cards.kicker.waitingYou')}
      </p>
      {card.secondApprover && <SecondApproverNote card={card} />}
      {batched && (
        <SelectCall
          recordId={card.recordId}
          label={card.toolLabel}
          title={card.entity?.title}
          careful={card.careful === true}
          checked={selection.selected[card.recordId] === true}
          onToggle={() => selection.toggle(card.recordId)}
        />
      )}
      <header class="card-head">
        <h3 id={titleId} data-i18n-worker>
          {card.toolLabel}
        </h3>
        <HashChip short={card.shortHash} full={card.payloadHash} />
      </header>
      <p class="card-description" data-i18n-worker>
        {card.cardDescription}
      </p>
      {card.site && (
        <p class="card-site small">
          <span class="muted">{t('cards.site.label')}</span>{' '}
          <span data-i18n-exempt="site name">{card.site}</span>
        </p>
      )}
      {card.entity && (
        <EntityLine
          entity={card.entity}
          badge={lands && <span class={`badge lands lands-${card.lands}`}>{lands.badge}</span>}
        />
      )}
      {lands && <p class="small muted">{lands.detail}</p>}
      <p class="card-reason">
        <span class="muted">{t('cards.reason.label')}</span>{' '}
        <span data-i18n-worker>{card.reason}</span>
      </p>
      {changed && (
        <div class="banner warning" role="alert">
          <p>{changed}</p>
          {card.targetChanged!.message && card.targetChanged!.message !== changed && (
            <p class="small" data-i18n-worker>
              {card.targetChanged!.message}
            </p>
          )}
        </div>
      )}
      {card.editor && <EditorNotice notice={card.editor} />}
      {card.irreversible && (
        <p class="banner warning" role="note" data-testid="irreversible">
          {t('cards.irreversible')}
        </p>
      )}
      {card.edited && (
        <EditedNote
          card={card}
          busy={sending}
          onUndo={onAmend && (() => onAmend({ ...bound, fields: null }))}
        />
      )}
      <CardBody card={card} imageOrigins={imageOrigins} edits={edits} />
      <PreviewBlock preview={card.preview} />
      {batched && (
        <BatchMembers
          card={card}
          selected={selection.selected}
          onToggle={selection.toggle}
          heading={batchHeading}
          body={(member) => <CardBody card={member} imageOrigins={imageOrigins} />}
        />
      )}
      {waiting && !batched && <p class="card-waiting small">{waiting}</p>}
      {batched && card.waiting > (card.batch?.length ?? 0) && (
        <p class="card-waiting small">
          {t('cards.waiting.afterThese', { count: card.waiting - (card.batch?.length ?? 0) })}
        </p>
      )}
      {card.secondApprover ? (
        card.secondApprover.status === 'waiting' && (
          <button
            type="button"
            class="secondary"
            disabled={sending}
            data-testid="withdraw"
            onClick={() =>
              onDecide({
                approve: false,
                note: 'Withdrawn by the requester.',
                recordId: card.recordId,
                payloadHash: card.payloadHash,
                targetModified: card.targetModified ?? null,
              })
            }
          >
            {t('cards.action.withdraw')}
          </button>
        )
      ) : (
        <>
          {editing !== null && (
            <p class="small" role="status" data-testid="edit-first">
              {t('cards.edit.finishFirst', { field: editingLabel ?? '' })}
            </p>
          )}
          {batched ? (
            <BatchActions
              card={card}
              armed={armed}
              sending={sending}
              selected={selection.selected}
              onDecide={(decision) => onDecide({ ...decision, ...bound })}
            />
          ) : (
            <ApprovalActions
              card={card}
              armed={armed && editing === null}
              sending={sending}
              onChoose={(choice) =>
                onDecide({
                  ...choice,
                  recordId: card.recordId,
                  payloadHash: card.payloadHash,
                  targetModified: card.targetModified ?? null,
                })
              }
            />
          )}
        </>
      )}
    </article>
  );
}
