import { useEffect, useRef } from 'preact/hooks';
import { changedSince, landsText, targetChangedText, waitingText } from '../../cards/card-texts';
import { formatClock, formatDate, t } from '../../i18n';
import type { ApprovalCard as Card } from '../../shared/thread-protocol';
import { ApprovalActions, type Choice } from './approval-actions';
import { ArgsList } from './args-list';
import { ArgumentCardList } from './argument-card';
import { EntityLine, HashChip } from './card-head';
import { EditorNotice } from './editor-notice';
import { FieldChange } from './field-change';
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
export function ApprovalCard({ card, sending, imageOrigins, onDecide }: Props) {
  const armed = useArmed(dataKey(card));
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
      <CardBody card={card} imageOrigins={imageOrigins} />
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
        <ApprovalActions
          card={card}
          armed={armed}
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
    </article>
  );
}

/** G15: who may approve a call the site sent to a second person, and what became of it. */
function SecondApproverNote({ card }: { card: Card }) {
  const second = card.secondApprover!;
  const name = second.decidedBy ?? t('cards.second.anotherPerson');
  const text =
    second.unreadable && second.status === 'waiting'
      ? t('cards.second.unreadable')
      : second.status === 'waiting'
        ? t('cards.second.waiting', { who: second.who }) + expiryText(second.expiresAt)
        : second.status === 'approved'
          ? t('cards.second.approvedBy', { name })
          : second.status === 'rejected'
            ? t('cards.second.rejectedBy', { name })
            : second.status === 'expired'
              ? t('cards.second.expired')
              : t('cards.second.withdrawn');
  return (
    <p class="banner" role="status" data-testid="second-approver">
      {text}
    </p>
  );
}

/** G12: when the site's expiry ends a second approver's wait, in the person's own clock. */
function expiryText(at: number | null | undefined): string {
  if (!at) return '';
  const when = new Date(at);
  const today = when.toDateString() === new Date().toDateString();
  const time = formatClock(at);
  const shown = today ? time : `${formatDate(at)} ${time}`;
  return ` ${t('cards.second.expires', { time: shown })}`;
}

function CardBody({ card, imageOrigins }: { card: Card; imageOrigins: string[] }) {
  if (card.layout === 'content' && card.fields?.length) {
    return (
      <div class="fields">
        {card.fields.map((field) => (
          <FieldChange
            key={field.key}
            field={field}
            changedSince={changedSince(card, field)}
            imageOrigins={imageOrigins}
          />
        ))}
      </div>
    );
  }
  if (card.layout === 'config' && card.config?.length) return <YamlDiffList items={card.config} />;
  if (card.argumentCard) return <ArgumentCardList data={card.argumentCard} />;
  return <ArgsList args={card.args} imageOrigins={imageOrigins} />;
}
