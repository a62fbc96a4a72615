import { decidedText } from '../../cards/card-texts';
import { t } from '../../i18n';
import type { ApprovalCard } from '../../shared/protocols/thread-protocol';
import { ArgsList } from './args-list';
import { EntityLine, HashChip } from './card-head';

const ICON = { approved: '✓', rejected: '✕', expired: '⌛', stale: '○' } as const;

/**
 * C6: a decided approval card as a reopened thread shows it: "Approved.", "Rejected." or
 * "Expired." with the call's arguments, and no diff (a diff now would compare with the
 * site as it is today, not as it was when the person decided).
 */
export function DecidedCard(props: {
  card: ApprovalCard;
  decided: keyof typeof ICON;
  imageOrigins: string[];
}) {
  const { card, decided } = props;
  // G15: a call another person decided says who, by the name the site gave.
  const by = card.secondApprover?.decidedBy;
  const text =
    by && (decided === 'approved' || decided === 'rejected')
      ? t(decided === 'approved' ? 'cards.second.approvedBy' : 'cards.second.rejectedBy', {
          name: by,
        })
      : card.secondApprover?.status === 'withdrawn'
        ? t('cards.decided.withdrawn')
        : by === undefined && card.secondApprover && decided === 'expired'
          ? t('cards.decided.expiredSecond')
          : decidedText(decided);
  return (
    <article class={`card decided-card decided-${decided}`} data-testid="decided-card">
      <header class="card-head">
        <h3 data-i18n-worker>{card.toolLabel}</h3>
        <HashChip short={card.shortHash} full={card.payloadHash} />
      </header>
      <p class="decided-mark">
        <span aria-hidden="true">{ICON[decided]} </span>
        {text}
      </p>
      {card.entity && <EntityLine entity={card.entity} />}
      <ArgsList args={card.args} imageOrigins={props.imageOrigins} />
    </article>
  );
}
