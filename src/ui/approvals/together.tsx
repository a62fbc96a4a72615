import { t } from '../../i18n';
import type { ApprovalsPush, ApprovalSummary } from '../../shared/protocols/approvals-protocol';
import type { ApprovalCard as Card } from '../../shared/protocols/thread-protocol';
import { ApprovalCard } from '../cards/approval-card';
import { toApprovalCard } from './to-card';

type CardPush = Extract<ApprovalsPush, { type: 'card' }>;

/** One call's decision as the view sends it: bound to the site's id, hash and stamp (G7). */
export interface TogetherDecision {
  item: ApprovalSummary;
  approve: boolean;
  payloadHash: string;
  stamp: string | null;
  note?: string;
}

/** Whether the person may decide this call here now. */
const open = (push: CardPush) => push.canDecide && push.status === 'waiting';

/**
 * Issue 36 item 1 for second approvers: the calls the person ticked in the list, decided at
 * once. Each keeps its own card (diff, preview, short hash) and who asked; none is
 * pre-selected (the view cannot tell a destructive call from another, so each is ticked on
 * purpose); "Approve selected" approves the ticked ones and rejects the others with the
 * note, each decided on its site as this person, bound to its own hash and stamp. A call
 * decided, withdrawn or expired since it was ticked is named apart and not sent.
 */
export function TogetherView(props: {
  chosen: ApprovalSummary[];
  cards: Record<string, CardPush>;
  sending: boolean;
  onDecide(decisions: TogetherDecision[]): void;
}) {
  const pushes = props.chosen.map((item) => props.cards[item.id]);
  if (pushes.some((push) => push === undefined)) {
    return (
      <p role="status" aria-busy="true" data-testid="together-reading">
        <span class="spinner" aria-hidden="true" />{' '}
        {t('approvals.together.reading', { count: props.chosen.length })}
      </p>
    );
  }
  const loaded = pushes as CardPush[];
  const decidable = loaded.filter(open);
  const others = loaded.filter((push) => !open(push));
  const origins = [
    ...new Set(
      loaded.flatMap((push) => {
        try {
          return [new URL(push.target.siteRoot).origin];
        } catch {
          return [];
        }
      }),
    ),
  ];
  const cardOf = (push: CardPush): Card => {
    const card = toApprovalCard(push);
    return {
      ...card,
      reason: `${t('approvals.requestedBy', { name: push.requester })}. ${card.reason}`,
      careful: true,
    };
  };
  const [first, ...rest] = decidable.map(cardOf);
  const itemOf = (recordId: string) => props.chosen.find((item) => item.id === recordId)!;
  return (
    <div data-testid="together">
      <p role="status">{t('approvals.together.intro', { count: decidable.length })}</p>
      {others.length > 0 && (
        <ul class="small" data-testid="together-closed">
          {others.map((push) => (
            <li key={push.id}>
              {t('approvals.together.closed', { tool: toApprovalCard(push).toolLabel })}
            </li>
          ))}
        </ul>
      )}
      {first && (
        <ApprovalCard
          card={{ ...first, batch: rest.map((card) => ({ ...card, careful: true })) }}
          sending={props.sending}
          imageOrigins={origins}
          batchHeading={t('approvals.together.heading')}
          onDecide={(decision) => {
            const note = decision.note;
            const one = (
              recordId: string,
              approve: boolean,
              payloadHash: string,
              stamp: string | null,
            ): TogetherDecision => ({
              item: itemOf(recordId),
              approve,
              payloadHash,
              stamp,
              ...(note && !approve ? { note } : {}),
            });
            props.onDecide([
              one(
                decision.recordId,
                decision.approve,
                decision.payloadHash,
                decision.targetModified,
              ),
              ...(decision.batch ?? []).map((member) =>
                one(member.recordId, member.approve, member.payloadHash, member.targetModified),
              ),
            ]);
          }}
        />
      )}
    </div>
  );
}
