import { pendingIndex } from './approval-request';
import { finishCall } from './finish-call';
import { expiredText } from '../model-texts';
import type { RunContext } from '../run-context';
import { t } from '../../i18n';

/**
 * G12: waiting never rejects. Only when the admin set an expiry and it has passed is the
 * pending call marked `expired` (recorded, decided by `countersign:expiry`), the model
 * told, and the later calls of the reply skipped. Returns whether it expired a call.
 */
export async function expireIfDue(run: RunContext): Promise<boolean> {
  const after = run.deps.options?.expireAfterMs;
  const call = run.state.turn?.calls[pendingIndex(run.state)];
  if (after === undefined || !call?.approval) return false;
  if (run.now() < call.approval.askedAt + after) return false;
  return expirePending(run, call.recordId, expiredText(after));
}

/**
 * G12, G15: marks the pending call `recordId` expired with the model's `content` (also when
 * the site's expiry ran out on a call waiting for a second approver). Nothing happens when
 * that call is not the pending one or a decision reached its record first. Returns whether
 * it expired the call.
 */
export async function expirePending(
  run: RunContext,
  recordId: string,
  content: string,
): Promise<boolean> {
  const turn = run.state.turn;
  const call = turn?.calls[pendingIndex(run.state)];
  if (!turn || !call?.approval || call.recordId !== recordId) return false;
  const record = await run.deps.audit.get(call.recordId);
  // A decision that reached the record first wins; settling the call handles it.
  if (record && record.status !== 'pending') return false;
  turn.skipRest = { reason: 'expired', tool: call.tool };
  finishCall(run, call, { content, isError: true, status: 'expired' });
  run.notice('warning', 'approval-expired', t('worker.notice.expired', { tool: call.tool }));
  // The record and the state are one commit (issue 15 item 6).
  await run.save(
    record
      ? () => run.deps.audit.transition(call.recordId, 'expired', { outcome: content })
      : undefined,
  );
  return true;
}
