import { logger } from '../shared/log';
import { personWireError } from './errors';
import { approvalRequest } from './call/approval-request';
import { closeTurn } from './close-turn';
import type { RunDeps } from './deps';
import { expireIfDue } from './call/expire-if-due';
import { modelTurn } from './model-turn';
import { settlePending } from './recovery/settle-pending';
import { processWaiting } from './call/process-waiting';
import { RunContext } from './run-context';
import type { RunState } from './state/run-state-schema';
import { settleUnknown } from './recovery/settle-unknown';
import type { StepResult } from './step-result';

const log = logger('run');

/**
 * One step of the run loop (STYLE 5). With a turn open, it works through the turn's
 * calls in order until one needs a person (`awaiting-approval`) or all are done (the
 * results go to the transcript: `run-again`). With none open, it asks the model when the
 * last message is the user's (`run-again` with a new turn, or `final`). Anything that
 * stops the step is `failed`, with the state as last saved: resumable, nothing lost.
 */
export async function step(state: RunState, deps: RunDeps): Promise<StepResult> {
  const run = new RunContext(state, deps);
  try {
    return await advance(run);
  } catch (error) {
    log.warn(`A step of thread ${state.threadId} stopped.`, error);
    const wire = personWireError(error);
    run.notice('error', wire.code, wire.message);
    return { kind: 'failed', state: run.saved, error: wire };
  }
}

async function advance(run: RunContext): Promise<StepResult> {
  await expireIfDue(run);
  const turn = run.state.turn;
  if (turn) {
    for (let index = 0; index < turn.calls.length; index += 1) {
      const call = turn.calls[index];
      if (!call || call.status === 'done') continue;
      if (call.status === 'executing') await settleUnknown(run, call);
      const progress =
        call.status === 'pending'
          ? await settlePending(run, index)
          : call.status === 'waiting'
            ? await processWaiting(run, index)
            : 'continue';
      if (progress === 'suspended') return awaiting(run);
    }
    await closeTurn(run);
    return { kind: 'run-again', state: run.saved };
  }
  const last = run.state.transcript.at(-1);
  if (last?.role === 'user') return modelTurn(run);
  return { kind: 'final', state: run.saved, stopReason: null };
}

/** G6: the turn ends here; the card's data goes to the panel, rebuilt from the saved state. */
function awaiting(run: RunContext): StepResult {
  const approval = approvalRequest(run.saved, run.deps);
  if (!approval) throw new Error('A suspended turn has no pending call.');
  run.emit({ type: 'approval', approval });
  return { kind: 'awaiting-approval', state: run.saved, approval };
}
