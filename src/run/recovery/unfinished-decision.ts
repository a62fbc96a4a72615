import type { RunDeps } from '../deps';
import type { RunState } from '../state/run-state-schema';

/**
 * S5, G12: whether the open turn holds a call that a decision or an execution already
 * reached but the run never finished: a call the state still holds as pending while its
 * audit record was decided (the worker died between the two writes), or an intent
 * without an outcome, or a turn no person is asked about. Such a thread is resumed at once by a restarted worker, so an
 * approval is never left stranded behind a card that still asks.
 */
export async function hasUnfinishedDecision(state: RunState, deps: RunDeps): Promise<boolean> {
  if (!state.turn) return false;
  for (const call of state.turn.calls) {
    if (call.status === 'executing') return true;
    if (call.status === 'pending') {
      const record = await deps.audit.get(call.recordId);
      return record !== undefined && record.status !== 'pending';
    }
  }
  // An open turn with no call waiting for a person: the worker died while working through
  // it (a call ran, its result never reached the model). It goes on.
  return true;
}
