import type { Agent } from '../../agent/contract';
import type { RunEvent, RunLoop } from '../../run';
import { CountersignError } from '../../shared/errors';
import type { ThreadRequest, ThreadView } from '../../shared/protocols/thread-protocol';
import { ownerOf, type Sessions } from '../sessions';
import { markDecided } from './view-events';
import { secondApproverGuard } from '../approvers/local-guard';
import { showHeld } from '../editor-hold';

/**
 * G7, G13, A1: applies a panel's decision. Who decides is the CMS user of the panel's tab,
 * as its session says (the run loop refuses anyone but the thread's owner, and the record
 * names who it was); the card's stamp goes with it, so a card older than a refresh is
 * refused. A refusal is announced by the run loop's notice; every panel of the thread
 * already has the card as it is now. `editorHold`: the open editors' answer, asked at the
 * click (editor-hold.ts); a held approval shows its card again and is refused. Call it under
 * the thread's lock.
 */
export async function applyDecision(
  request: Extract<ThreadRequest, { type: 'decision' }>,
  agent: Agent,
  sessions: Sessions,
  view: ThreadView,
  onEvent: (event: RunEvent) => Promise<void>,
  editorHold?: Promise<string | null>,
): Promise<void> {
  const site = await sessions.forTab(request.tabId);
  if (!(await secondApproverGuard(request, view, ownerOf(site)))) return;
  const { decision } = await agent.decide(request.threadId, {
    recordId: request.recordId,
    payloadHash: request.payloadHash,
    decidedBy: ownerOf(site),
    approve: request.approve,
    note: request.note,
    grantThread: request.grantThread,
    targetModified: request.targetModified,
    ...(request.batch?.length ? { batch: request.batch } : {}),
    ...(editorHold ? { editorHold } : {}),
  });
  if (decision.kind === 'refused') return;
  if (decision.kind === 'held')
    return showHeld(request.threadId, decision.approval, decision.reason, onEvent);
  if (decision.kind === 'failed') {
    throw new CountersignError(decision.error.code, decision.error.message);
  }
  if (decision.kind === 'decided')
    markDecided(view, request.recordId, decision.approved ? 'approved' : 'rejected');
  if (decision.kind === 'target-changed')
    await onEvent({ type: 'approval', threadId: request.threadId, approval: decision.approval });
}

/**
 * Issue 36: the person edits the pending call's proposal. The editor is the CMS user of
 * the panel's tab (the run loop refuses anyone but the thread's owner); the fresh card
 * comes back through the run's approval event, a refusal as its notice. Call it under the
 * thread's lock.
 */
export async function applyAmend(
  request: Extract<ThreadRequest, { type: 'amend' }>,
  loop: RunLoop,
  sessions: Sessions,
): Promise<void> {
  const site = await sessions.forTab(request.tabId);
  await loop.amend(request.threadId, {
    recordId: request.recordId,
    payloadHash: request.payloadHash,
    targetModified: request.targetModified,
    decidedBy: ownerOf(site),
    fields: request.fields,
    drop: request.drop,
    restore: request.restore,
  });
}
