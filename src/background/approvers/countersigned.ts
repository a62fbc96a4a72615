import type { Agent } from '../../agent/contract';
import type { RecordOwner } from '../../audit';
import type { RunEvent, RunLoop } from '../../run';
import type { ThreadView } from '../../shared/thread-protocol';
import { markDecided } from '../view-events';
import type { Approval } from './approvals-client';

/**
 * G15: applies a second approver's decision, picked up from the site, through the run loop's
 * own decision path in the requester's session: bound to the record id, the payload hash the
 * site holds and the card's stamp (G7); the record names the approver. Returns whether the
 * decision is handled (so the site may forget it): true once it ran, was rejected, or the run
 * loop says it was already decided; false when the target changed (G13: the refreshed card is
 * offered again) or the call is not the one waiting now.
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
  if (!shown || shown.recordId !== approval.id) return true; // decided or gone already
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
  // The run loop's events may have marked it decided already: the record id is unique.
  const item = view.items.find((i) => i.kind === 'approval' && i.card.recordId === approval.id);
  if (decision.kind === 'target-changed') {
    await onEvent({ type: 'approval', threadId, approval: decision.approval });
    return false;
  }
  if (item?.kind === 'approval' && item.card.secondApprover) {
    item.card.secondApprover = {
      ...item.card.secondApprover,
      status: approval.status === 'approved' ? 'approved' : 'rejected',
      decidedBy: approval.decidedBy.displayName || `User ${approval.decidedBy.userId}`,
    };
  }
  if (decision.kind === 'decided')
    markDecided(view, approval.id, decision.approved ? 'approved' : 'rejected');
  return decision.kind !== 'failed';
}
