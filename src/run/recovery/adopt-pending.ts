import { forGate } from '../../tools/tool-words';
import { evaluate } from '../../gate';
import { prepareCall } from '../call/prepare-call';
import { finishCall } from '../call/finish-call';
import { clip } from '../model-texts';
import type { CallProgress } from '../call/process-waiting';
import type { RunContext } from '../run-context';
import { suspendAt } from '../call/suspend-at';

/**
 * A pending record exists for a call the saved state still calls waiting: the worker
 * died after writing the record and before saving the suspension. The suspension is
 * rebuilt around the same record; the call still waits for a person (G6, G12).
 */
export async function adoptPending(run: RunContext, index: number): Promise<CallProgress> {
  const call = run.state.turn?.calls[index];
  if (!call) return 'continue';
  const prep = await prepareCall(run, call);
  if (prep.kind === 'refused') {
    // The pending record cannot move to refused; it is closed as skipped, with the reason.
    await run.deps.audit.transition(call.recordId, 'skipped', { outcome: clip(prep.message) });
    finishCall(run, call, { content: prep.message, isError: true, status: 'skipped' });
    return 'continue';
  }
  const p = prep.call;
  const { untrusted, grants } = run.state;
  const decision = evaluate(
    run.deps.policy,
    { tool: forGate(p.tool), input: p.input },
    { facts: p.facts, untrusted, grants },
  );
  await suspendAt(run, index, p, decision);
  return 'suspended';
}
