import type { RecordOwner } from '../../audit';
import { CountersignError } from '../../shared/errors';
import type { ThreadRequest, ThreadView } from '../../shared/protocols/thread-protocol';
import { approvalsFor, forget } from './requester';
import { t } from '../../i18n';

/** The id of the "you cannot approve it yourself" notice of one call (one per call). */
export const selfApprovalNoticeId = (recordId: string) => `self-approval-${recordId}`;

/** G15: drops the call's "you cannot approve it yourself" notice once it no longer waits. */
export function clearSelfApprovalNotice(view: ThreadView, recordId: string): void {
  const id = selfApprovalNoticeId(recordId);
  view.items = view.items.filter((i) => !(i.kind === 'notice' && i.id === id));
}

/**
 * G15: a call the site sent to a second approver is never approved in the requester's own
 * panel: the approval is refused with a notice (one per call, dropped when the decision
 * arrives) and goes no further. This is the panel's courtesy; the run loop refuses such an
 * approval on its own from the stored pending call (`check-decision.ts`), whatever the
 * view says. Rejecting it there withdraws it on the site first (a call
 * someone already decided cannot be withdrawn: the refusal says so and nothing changes
 * here). Returns whether the decision goes on to the run loop.
 */
export async function secondApproverGuard(
  request: Extract<ThreadRequest, { type: 'decision' }>,
  view: ThreadView,
  owner: RecordOwner,
): Promise<boolean> {
  const item = view.items.find(
    (i) => i.kind === 'approval' && i.card.recordId === request.recordId && !i.decided,
  );
  const second = item?.kind === 'approval' ? item.card.secondApprover : undefined;
  if (!second || item?.kind !== 'approval') return true;
  if (request.approve) {
    clearSelfApprovalNotice(view, request.recordId);
    view.items.push({
      kind: 'notice',
      id: selfApprovalNoticeId(request.recordId),
      level: 'warning',
      message: second.unreadable
        ? t('worker.notice.selfApproval.unreadable')
        : t('worker.notice.selfApproval.other', { who: second.who }),
    });
    return false;
  }
  // Never offered (its rules could not be read): nothing to withdraw on the site, and
  // nothing left for the pickup to read the rules again for.
  if (second.unreadable) {
    await forget(request.recordId);
    clearSelfApprovalNotice(view, request.recordId);
    item.card.secondApprover = { ...second, status: 'withdrawn' };
    return true;
  }
  const client = await approvalsFor(owner);
  if (!client)
    throw new CountersignError('second-approver-offline', t('worker.decision.withdrawOffline'));
  await client.withdraw(request.recordId);
  await forget(request.recordId);
  clearSelfApprovalNotice(view, request.recordId);
  item.card.secondApprover = { ...second, status: 'withdrawn' };
  return true;
}
