import type { RecordOwner } from '../../audit';
import { CountersignError } from '../../shared/errors';
import type { ThreadRequest, ThreadView } from '../../shared/thread-protocol';
import { approvalsFor, forget } from './requester';

/**
 * G15: a call the site sent to a second approver is never approved in the requester's own
 * panel. Rejecting it there withdraws it on the site first (a call someone already decided
 * cannot be withdrawn: the refusal says so and nothing changes here).
 */
export async function secondApproverGuard(
  request: Extract<ThreadRequest, { type: 'decision' }>,
  view: ThreadView,
  owner: RecordOwner,
): Promise<void> {
  const item = view.items.find(
    (i) => i.kind === 'approval' && i.card.recordId === request.recordId && !i.decided,
  );
  const second = item?.kind === 'approval' ? item.card.secondApprover : undefined;
  if (!second || item?.kind !== 'approval') return;
  if (request.approve) {
    throw new CountersignError(
      'second-approver-required',
      `This site asks another person to approve this call (${second.who}); you asked for it, so you cannot approve it yourself. You can withdraw it.`,
    );
  }
  const client = await approvalsFor(owner);
  if (!client)
    throw new CountersignError(
      'second-approver-offline',
      'The site could not be reached to withdraw the call; it still waits for an approver.',
    );
  await client.withdraw(request.recordId);
  await forget(request.recordId);
  item.card.secondApprover = { ...second, status: 'withdrawn' };
}
