import { sameOwner, type RecordOwner } from '../../audit';
import { pendingIndex } from './approval-request';
import { cardStamp } from './settings-stamp';
import { DecisionError } from '../errors';
import { expireIfDue } from './expire-if-due';
import type { RunContext } from '../run-context';

/** G7, G13, G14: a person's decision on the pending call, as the panel sends it. */
export interface DecisionInput {
  recordId: string;
  /** The payload hash the card showed. */
  payloadHash: string;
  /**
   * Who decided: the CMS user whose session the decision came from (the panel's tab),
   * as the background checked it. Must be the thread's owner on the owner's site.
   */
  decidedBy: RecordOwner;
  approve: boolean;
  /** G8: the person's note to the model when rejecting. */
  note?: string;
  /** G14: approve, and allow this tool for the rest of the thread. */
  grantThread?: boolean;
  /**
   * G7, G13: the card's stamp, the target's `modified` it showed
   * (`ApprovalRequest.targetModified`). A decision from a card that predates a refresh
   * is refused as stale; the panel always sends it.
   */
  targetModified?: string | null;
  /**
   * G15: the second approver's CMS user id, when the site's policy sent the call to another
   * person and that person decided on the site. `decidedBy` is still the thread's owner
   * (the requester's session runs the call); the record's `decidedBy` names the approver.
   */
  countersignedBy?: string;
}

/**
 * G7: checks that a decision names the pending call, comes from the thread's owner and
 * carries the payload hash that was shown. Returns the specific refusal, or null.
 * G12: a pending call past the admin's expiry is expired first, and the decision refused.
 */
export async function checkDecision(
  run: RunContext,
  input: DecisionInput,
): Promise<DecisionError | null> {
  const { owner } = run.state;
  const id = input.recordId;
  if (!sameOwner(input.decidedBy, owner)) {
    return new DecisionError(
      'wrong-owner',
      id,
      `Only the person who owns this thread can decide its calls; the tab this decision came from is signed in as another user (${input.decidedBy.userId} on ${input.decidedBy.siteOrigin}).`,
    );
  }
  if (await expireIfDue(run)) {
    return new DecisionError(
      'expired',
      id,
      'This call expired before the decision arrived; it did not run.',
    );
  }
  const call = run.state.turn?.calls[pendingIndex(run.state)];
  const record = await run.deps.audit.get(id);
  if (!record || record.threadId !== run.threadId) {
    return new DecisionError('not-found', id, 'No call of this thread has that id.');
  }
  if (record.status !== 'pending') {
    return new DecisionError(
      'already-decided',
      id,
      `This call was already decided (${record.status}).`,
    );
  }
  if (!call?.approval || call.recordId !== id) {
    return new DecisionError(
      'stale',
      id,
      'This card is out of date: another call waits now. Reopen the thread.',
    );
  }
  if (input.payloadHash !== call.approval.payloadHash) {
    return new DecisionError(
      'wrong-hash',
      id,
      'The decision does not match the call that waits (another payload hash).',
    );
  }
  if (input.targetModified !== undefined && input.targetModified !== cardStamp(call.approval)) {
    return new DecisionError(
      'stale',
      id,
      'This card is out of date: what it showed has changed and the card was refreshed. Review the refreshed card, then decide.',
    );
  }
  const second = call.approval.secondApprover;
  if (second && input.approve && input.countersignedBy === undefined) {
    return new DecisionError(
      'second-approver',
      id,
      'unknown' in second
        ? 'Waiting: the site requires a second approver, and its rules could not be read just now. This call cannot be approved here; you can withdraw it.'
        : 'This site asks another person to approve this call; you asked for it, so you cannot approve it yourself. You can withdraw it.',
    );
  }
  if (input.grantThread && !call.approval.canGrantOnce) {
    return new DecisionError(
      'grant-not-offered',
      id,
      'Allowing this tool for the whole thread was not offered for this call.',
    );
  }
  return null;
}
