import type { Agent } from '../../agent/contract';
import type { RecordOwner } from '../../audit';
import type { RunEvent, RunLoop } from '../../run';
import type { ThreadView } from '../../shared/protocols/thread-protocol';
import { markDecided } from '../threads/view-events';
import { decidedByName, type Approval } from './approvals-client';
import { clearSelfApprovalNotice } from './local-guard';

/** The requester's card of `recordId` and what its second approver did. */
function markSecond(view: ThreadView, approval: Approval): void {
  const item = view.items.find((i) => i.kind === 'approval' && i.card.recordId === approval.id);
  if (item?.kind !== 'approval' || !item.card.secondApprover) return;
  item.card.secondApprover = {
    ...item.card.secondApprover,
    status: approval.status,
    ...decidedByName(approval),
  };
}

/**
 * G15: applies a second approver's decision, picked up from the site, through the run loop's
 * own decision path in the requester's session: bound to the record id, the payload hash the
 * site holds and the card's stamp (G7); the record names the approver. A call the site marked
 * expired (its admin-set expiry) is expired here too and the model told (G12), never rejected.
 * Returns whether the decision is handled (so the site may forget it): true once it ran, was
 * rejected or expired, or the run loop says it was already decided; false when the target
 * changed (G13: the refreshed card is offered again) or the call is not the one waiting now.
 */
export async function applyCountersigned(
  loop: RunLoop,
  agent: Agent,
  owner: RecordOwner,
  view: ThreadView,
  approval: Approval,
  onEvent: (event: RunEvent) => Promise<void>,
): Promise<boolean> {
  const threadId = approval.threadId;
  const shown = await loop.approval(threadId);
  if (!shown || shown.recordId !== approval.id) {
    // Decided or gone already (S5: a worker stopped after the run loop took the decision and
    // before the site heard it was handled): the card still says who decided it.
    clearSelfApprovalNotice(view, approval.id);
    markSecond(view, approval);
    return true;
  }
  if (approval.status === 'expired') {
    clearSelfApprovalNotice(view, approval.id);
    markSecond(view, approval);
    const waited = (approval.expiresAt ?? approval.decidedAt ?? 0) - approval.createdAt;
    await loop.expire(threadId, approval.id, waited);
    markDecided(view, approval.id, 'expired');
    return true;
  }
  if (!approval.decidedBy) return false;
  const { decision } = await agent.decide(threadId, {
    recordId: approval.id,
    payloadHash: approval.payloadHash,
    decidedBy: owner,
    countersignedBy: approval.decidedBy.userId,
    approve: approval.status === 'approved',
    note: approval.note ?? undefined,
    targetModified: approval.stamp,
  });
  if (decision.kind === 'target-changed') {
    await onEvent({ type: 'approval', threadId, approval: decision.approval });
    return false;
  }
  // The decision arrived: the requester's "you cannot approve it yourself" no longer applies.
  clearSelfApprovalNotice(view, approval.id);
  markSecond(view, approval);
  if (decision.kind === 'decided')
    markDecided(view, approval.id, decision.approved ? 'approved' : 'rejected');
  return decision.kind !== 'failed';
}
