import { finishCall, resultFromRecord } from '../call/finish-call';
import type { CallProgress } from '../call/process-waiting';
import { processWaiting } from '../call/process-waiting';
import { runApproved } from '../call/run-approved';
import type { RunContext } from '../run-context';

/**
 * A call the saved state holds as pending. The audit record is the truth (STYLE 6): when
 * a decision reached it but the worker died before saving the state, the run goes on from
 * that decision (approved → run once; rejected or expired → skip the rest, G8, G12).
 */
export async function settlePending(run: RunContext, index: number): Promise<CallProgress> {
  const turn = run.state.turn;
  const call = turn?.calls[index];
  if (!turn || !call) return 'continue';
  const record = await run.deps.audit.get(call.recordId);
  if (!record) {
    // The record is gone (the audit database was cleared): ask again from the start.
    call.status = 'waiting';
    delete call.approval;
    return processWaiting(run, index);
  }
  if (record.status === 'pending') return 'suspended';
  if (record.status === 'approved') {
    await runApproved(run, call);
    return 'continue';
  }
  if (record.status === 'rejected' || record.status === 'expired') {
    turn.skipRest = { reason: record.status, tool: call.tool };
  }
  finishCall(run, call, resultFromRecord(record));
  await run.save();
  return 'continue';
}
