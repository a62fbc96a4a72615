import { formatClock, formatDate, t } from '../../i18n';
import type { ApprovalCard as Card } from '../../shared/protocols/thread-protocol';

/** G15: who may approve a call the site sent to a second person, and what became of it. */
export function SecondApproverNote({ card }: { card: Card }) {
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
