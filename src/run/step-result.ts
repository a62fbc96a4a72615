import type { WireError } from '../shared/errors';
import type { ApprovalRequest } from './events';
import type { StopReason } from './model-port';
import type { RunState } from './state/run-state-schema';

/**
 * What one step did: a closed union (STYLE 5). `state` is always the state as saved,
 * so the caller can keep it or load it again; nothing important lives only in memory.
 *
 * - `run-again`: progress was made and there is more to do; call `step` again.
 * - `awaiting-approval`: a call waits for a person (G6); the turn has ended.
 * - `final`: the model answered without tools (or nothing was asked); the run is idle.
 * - `failed`: the step could not go on (model down, storage full, ...); the saved state
 *   is resumable with `resume()` once the cause is gone.
 */
export type StepResult =
  | { kind: 'run-again'; state: RunState }
  | { kind: 'awaiting-approval'; state: RunState; approval: ApprovalRequest }
  | { kind: 'final'; state: RunState; stopReason: StopReason | null }
  | { kind: 'failed'; state: RunState; error: WireError };
