import { sameOwner, type RecordOwner } from '../../audit';
import { pendingIndex } from './approval-request';
import { cardStamp } from './settings-stamp';
import { DecisionError } from '../errors';
import { expireIfDue } from './expire-if-due';
import type { RunContext } from '../run-context';
import { t } from '../../i18n';

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
  /**
   * E1-E3: the person's open editors, asked at the click (unsaved edits to a changed field,
   * an editor that does not answer, another person's lock): the sentence that holds the
   * approval back, or null. Asked beside the approve pass's read of the target (G13), and
   * awaited before the approval changes anything: a held approval changes nothing.
   */
  editorHold?: Promise<string | null>;
  /**
   * Issue 36 item 1: decisions on the later calls shown with this one (each bound to its
   * card's hash and stamp), taken at once; applied in order as each call is reached.
   */
  batch?: BatchChoice[];
}

/** Issue 36 item 1: the person's decision on one later call of the turn's batch. */
export interface BatchChoice {
  recordId: string;
  payloadHash: string;
  targetModified: string | null;
  approve: boolean;
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
      t('worker.decision.wrongOwner', {
        user: input.decidedBy.userId,
        site: input.decidedBy.siteOrigin,
      }),
    );
  }
  if (await expireIfDue(run)) {
    return new DecisionError('expired', id, t('worker.decision.expired'));
  }
  const call = run.state.turn?.calls[pendingIndex(run.state)];
  const record = await run.deps.audit.get(id);
  if (!record || record.threadId !== run.threadId) {
    return new DecisionError('not-found', id, t('worker.decision.notFound'));
  }
  if (record.status !== 'pending') {
    return new DecisionError(
      'already-decided',
      id,
      t('worker.decision.alreadyDecided', { status: record.status }),
    );
  }
  if (!call?.approval || call.recordId !== id) {
    return new DecisionError('stale', id, t('worker.decision.otherCall'));
  }
  if (input.payloadHash !== call.approval.payloadHash) {
    return new DecisionError('wrong-hash', id, t('worker.decision.wrongHash'));
  }
  if (input.targetModified !== undefined && input.targetModified !== cardStamp(call.approval)) {
    return new DecisionError('stale', id, t('worker.decision.refreshed'));
  }
  const second = call.approval.secondApprover;
  if (second && input.approve && input.countersignedBy === undefined) {
    return new DecisionError(
      'second-approver',
      id,
      'unknown' in second
        ? t('worker.decision.secondUnknown')
        : t('worker.decision.secondRequired'),
    );
  }
  if (input.grantThread && !call.approval.canGrantOnce) {
    return new DecisionError('grant-not-offered', id, t('worker.decision.grantNotOffered'));
  }
  return null;
}
