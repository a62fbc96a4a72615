import { pendingIndex } from './approval-request';
import { finishCall } from './finish-call';
import { expiredText } from '../model-texts';
import type { RunContext } from '../run-context';

/**
 * G12: waiting never rejects. Only when the admin set an expiry and it has passed is the
 * pending call marked `expired` (recorded, decided by `countersign:expiry`), the model
 * told, and the later calls of the reply skipped. Returns whether it expired a call.
 */
export async function expireIfDue(run: RunContext): Promise<boolean> {
  const after = run.deps.options?.expireAfterMs;
  const turn = run.state.turn;
  const call = turn?.calls[pendingIndex(run.state)];
  if (after === undefined || !turn || !call?.approval) return false;
  if (run.now() < call.approval.askedAt + after) return false;
  const record = await run.deps.audit.get(call.recordId);
  // A decision that reached the record first wins; settling the call handles it.
  if (record && record.status !== 'pending') return false;
  const content = expiredText(after);
  turn.skipRest = { reason: 'expired', tool: call.tool };
  finishCall(run, call, { content, isError: true, status: 'expired' });
  run.notice(
    'warning',
    'approval-expired',
    `The ${call.tool} call expired without a decision and did not run.`,
  );
  // The record and the state are one commit (issue 15 item 6).
  await run.save(
    record
      ? () => run.deps.audit.transition(call.recordId, 'expired', { outcome: content })
      : undefined,
  );
  return true;
}
