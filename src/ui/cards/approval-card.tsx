import { useEffect, useRef, useState } from 'preact/hooks';
import { landsText, targetChangedText, waitingText } from '../../cards/card-texts';
import { t } from '../../i18n';
import type { ApprovalCard as Card } from '../../shared/thread-protocol';
import { ApprovalActions, type Choice } from './approval-actions';
import { ArgsList } from './args-list';
import { ArgumentCardList } from './argument-card';
import { EntityLine, HashChip } from './card-head';
import { EditorNotice } from './editor-notice';
import { EditedNote } from './field-edit';
import { ContentFields, type Edits } from './content-fields';
import { SecondApproverNote } from './second-approver-note';
import { PreviewBlock } from './preview-block';
import { useArmed } from './use-armed';
import { YamlDiffList } from './yaml-diff-list';

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
}

/** What makes a card "new data" for the key guard: another call, hash, target or values. */
function dataKey(card: Card): string {
  const values = (card.fields ?? []).map((f) => `${f.current.length}/${f.proposed.length}`);
  return [
    card.recordId,
    card.payloadHash,
    JSON.stringify(card.targetChanged ?? null),
    JSON.stringify(card.editor ?? null),
    ...values,
  ].join('|');
}

/**
 * The card a person decides from (C1-C4, C7, P2-P7, G6, G13, G14): the tool's card
 * description, the entity and where the write lands, why it asks, what would change
 * (fields with word diffs, a YAML diff per setting, or the arguments), the preview, how
 * many calls wait behind it, and the decision buttons.
 */
export function ApprovalCard({ card, sending, imageOrigins, onDecide, onAmend }: Props) {
  const armed = useArmed(dataKey(card));
  // Issue 36: the field whose proposed side is being edited (one at a time).
  const [editing, setEditing] = useState<string | null>(null);
  useEffect(() => setEditing(null), [card.payloadHash]);
  const bound = {
    recordId: card.recordId,
    payloadHash: card.payloadHash,
    targetModified: card.targetModified ?? null,
  };
  const edits: Edits | undefined =
    onAmend && !card.secondApprover && (card.editable?.length || card.droppable?.length)
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
      {waiting && <p class="card-waiting small">{waiting}</p>}
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
        </>
      )}
    </article>
  );
}

function CardBody({
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
  if (card.layout === 'config' && card.config?.length) return <YamlDiffList items={card.config} />;
  if (card.argumentCard) return <ArgumentCardList data={card.argumentCard} />;
  return <ArgsList args={card.args} imageOrigins={imageOrigins} />;
}
