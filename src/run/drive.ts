import type { RunDeps } from './deps';
import { RunStateError } from './errors';
import { RunContext } from './run-context';
import type { RunState } from './state/run-state-schema';
import { settleDropped } from './recovery/settle-dropped';
import { step } from './step';
import type { StepResult } from './step-result';
import { t } from '../i18n';

const DEFAULT_MAX_STEPS = 50;

/**
 * Steps until the run is interrupted: a call awaits approval, the model answered, or a
 * step failed. Stops after `options.maxSteps` (default 50) as `failed`; resumable.
 */
export async function drive(state: RunState, deps: RunDeps): Promise<StepResult> {
  const max = deps.options?.maxSteps ?? DEFAULT_MAX_STEPS;
  let current = state;
  for (let count = 0; count < max; count += 1) {
    const result = await step(current, deps);
    if (result.kind !== 'run-again') return result;
    current = result.state;
  }
  const error = {
    code: 'run-too-long',
    message: t('worker.notice.tooManySteps', { count: max }),
  };
  deps.emit({ type: 'notice', threadId: state.threadId, level: 'warning', ...error });
  return { kind: 'failed', state: current, error };
}

/**
 * Loads a thread's saved run and continues exactly where it stopped (a restarted
 * worker): dropped parts are reported (P5, P6), unknown outcomes settled, a pending call
 * shown again. A state that cannot be read is a `RunStateError` listing the thread's
 * pending records, and stays stored as it is.
 */
export async function resume(threadId: string, deps: RunDeps): Promise<StepResult> {
  return drive(await loadRun(threadId, deps), deps);
}

/** Loads a thread's state for any operation, with the same reporting as `resume`. */
export async function loadRun(threadId: string, deps: RunDeps): Promise<RunState> {
  let loaded;
  try {
    loaded = await deps.store.load(threadId);
    if (!loaded)
      throw new RunStateError('missing', threadId, `No saved run for thread ${threadId}.`);
  } catch (error) {
    if (error instanceof RunStateError) await listPending(error, deps);
    throw error;
  }
  const run = new RunContext(loaded.state, deps);
  if (await settleDropped(run, loaded.report)) await run.save();
  return run.saved;
}

async function listPending(error: RunStateError, deps: RunDeps): Promise<void> {
  try {
    const records = await deps.audit.byThread(error.threadId);
    error.pendingRecordIds = records.filter((r) => r.status === 'pending').map((r) => r.id);
  } catch {
    // The audit log is the place to look; when it cannot be read, the error stands alone.
  }
  const waiting = error.pendingRecordIds.length;
  const tail = waiting > 0 ? ` ${t('worker.notice.stillWaiting', { count: waiting })}` : '';
  deps.emit({
    type: 'notice',
    threadId: error.threadId,
    level: 'error',
    code: error.code,
    message: `${error.message}${tail}`,
  });
}
