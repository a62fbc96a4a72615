import {
  checkAccess,
  checkGuards,
  prepareCall,
  refusalOf,
  type PreparedCall,
  type Refusal,
} from './prepare-call';
import { finishCall } from './finish-call';
import { executeCall } from './execute-call';
import { clip } from '../model-texts';
import { bothWrites, type AuditWrite, type RunContext } from '../run-context';
import type { TurnCall } from '../state/run-state-schema';

/**
 * G8: runs a call whose record is `approved` (or is made so by `decided`, committed with
 * what follows): re-validates, re-checks the payload hash the person saw, access and the
 * adapter's checks, then executes it once. A call that no longer passes is recorded
 * `failed` and the model is told why.
 */
export async function runApproved(
  run: RunContext,
  call: TurnCall,
  prepared?: PreparedCall,
  decided?: AuditWrite,
): Promise<void> {
  let p = prepared;
  if (!p) {
    const prep = await prepareCall(run, call);
    if (prep.kind === 'refused') return failApproved(run, call, prep, decided);
    p = prep.call;
  }
  // The record keeps the mode; a refusal here only needs one to be complete.
  const mode = call.approval?.mode ?? 'ask';
  const shown = call.approval?.payloadHash;
  if (shown !== undefined && shown !== p.payloadHash) {
    const message = `${call.tool} was not run: its input no longer matches what was approved.`;
    const refusal = refusalOf(p, mode, 'failed', 'payload-changed', message);
    return failApproved(run, call, refusal, decided);
  }
  const refusal = (await checkAccess(p, mode)) ?? (await checkGuards(p, mode));
  if (refusal) return failApproved(run, call, refusal, decided);
  await executeCall(run, call, p, decided);
}

/** Records an approved call that cannot run as `failed`, and tells the model why. */
export async function failApproved(
  run: RunContext,
  call: TurnCall,
  refusal: Refusal,
  decided?: AuditWrite,
): Promise<void> {
  finishCall(run, call, { content: refusal.message, isError: true, status: 'failed' });
  await run.save(
    bothWrites(decided, () =>
      run.deps.audit.transition(call.recordId, 'failed', {
        outcome: clip(refusal.message),
        error: { code: refusal.code },
      }),
    ),
  );
}
