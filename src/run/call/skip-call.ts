import { finishCall } from './finish-call';
import { skippedText } from '../model-texts';
import { entryMode, newRecord, safeHash } from './new-record';
import type { RunContext } from '../run-context';
import type { SkipRest, TurnCall } from '../state/run-state-schema';

/**
 * G8, G12: a later call of a reply whose earlier call was rejected or expired. It is
 * recorded `skipped` (or a pending record moves to `skipped`) and the model is told.
 */
export async function skipCall(run: RunContext, call: TurnCall, skip: SkipRest): Promise<void> {
  const outcome = skippedText(skip);
  const record = await run.deps.audit.get(call.recordId);
  if (record?.status === 'pending') {
    await run.deps.audit.transition(call.recordId, 'skipped', { outcome });
  } else if (!record) {
    const tool = run.deps.registry.get(call.tool);
    const input = call.unsafeKey ? null : call.input;
    const created = newRecord(run, call, {
      tool,
      input,
      payloadHash: await safeHash(call.tool, input),
      status: 'skipped',
      mode: entryMode(run.deps.policy, call.tool, tool),
      outcome,
    });
    await run.deps.audit.create(created);
  }
  finishCall(run, call, { content: outcome, isError: true, status: 'skipped' });
}
