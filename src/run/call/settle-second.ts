import { toolLabel } from '../../tools/tool-words';
import type { SecondApproverNeed } from '../../gate/approver-policy';
import { secondApproverReason } from '../../gate/reasons';
import { pendingIndex } from './approval-request';
import type { RunContext } from '../run-context';
import { t } from '../../i18n';

/**
 * G15: the site's approvals could not be read when the call was asked, so the call waits
 * with an unknown requirement (fail closed). Once they read again, the requirement is
 * settled on the stored pending call: `need` when the approvals cover it (it goes to a
 * second approver), or none (an ordinary card the requester decides; it never runs by
 * itself). Only the pending call `recordId` whose requirement is still unknown changes.
 * Returns whether it changed.
 */
export async function settleSecondApprover(
  run: RunContext,
  recordId: string,
  need: SecondApproverNeed | null,
): Promise<boolean> {
  const call = run.state.turn?.calls[pendingIndex(run.state)];
  const approval = call?.approval;
  if (!call || !approval || call.recordId !== recordId) return false;
  if (!approval.secondApprover || !('unknown' in approval.secondApprover)) return false;
  const known = run.deps.registry.get(call.tool);
  const label = known ? toolLabel(known) : call.tool;
  if (need) {
    approval.secondApprover = need;
    approval.reason = secondApproverReason({ name: call.tool, label }, need);
  } else {
    delete approval.secondApprover;
    approval.reason = t('worker.reason.second.cleared', { tool: label });
  }
  await run.save();
  return true;
}
