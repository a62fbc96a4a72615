import { ThreadRefusedError, DecisionError } from '../../run';
import { CountersignError } from '../../shared/errors';
import { catchUpMessage, markStart } from './answer-catch-up';
import type { Operation } from './message-ops';
import { agentFor, agentMode, type RunWiring } from './run-deps';
import type { ThreadEvents } from './thread-events';
import type { ThreadViews } from './thread-views';
import { unheardResults } from './row-catch-up';
import { syncFromRun } from './view-sync';

/** What one operation needs of the thread service: its views, its events, its wiring. */
export interface OperationParts {
  views: ThreadViews;
  events: ThreadEvents;
  /** The tab whose panel last acted on each thread: its session runs the operation. */
  tabs: ReadonlyMap<string, number>;
  wiring: RunWiring;
}

/**
 * One operation on a thread; call it under the thread's lock. The view is saved busy, with
 * the mark of where the operation starts, before the run moves (S5); the operation runs
 * with the loop and agent of the thread's site; a refusal becomes a notice in the view.
 * The view follows the run's events; at the end only an operation that finishes a dead
 * worker's (`resuming`, or a view left busy) reads the run state and the audit log again
 * (view-sync.ts), since that worker's events died with it. Then the view is saved not busy.
 */
export async function runOperation(
  parts: OperationParts,
  threadId: string,
  op: Operation,
  resuming: boolean,
): Promise<void> {
  const { views, events, wiring } = parts;
  const entry = await views.entry(threadId);
  const site = await wiring.sessions.forOwner(entry.owner, parts.tabs.get(threadId));
  const { loop, agent } = await agentFor(wiring, site, entry.view.model);
  const resumed = resuming || entry.view.busy;
  entry.view.busy = true;
  entry.view.mode = await agentMode();
  const state = await loop.state(threadId).catch(() => undefined);
  markStart(entry.view, state);
  // S5: a dead worker's message the run saved and the view never showed comes first, then
  // the results its run committed and its view never heard (their result cards).
  if (resumed && state && entry.view.since) {
    catchUpMessage(entry.view, state, entry.view.since);
    for (const event of await unheardResults(entry.view, state, wiring.audit)) events.emit(event);
    await events.settled();
  }
  // The call that waits is the run's: a dead worker's view may still name one it decided
  // (the `state` event that cleared it is committed with a later event), and the panel would
  // say "Waiting for your decision" under a card it shows as approved until this ends.
  if (resumed && state) entry.view.pending = loop.approvalOf(state)?.recordId ?? null;
  try {
    await views.commit(threadId);
    await op(loop, entry.owner, agent);
  } catch (error) {
    if (!(
      error instanceof ThreadRefusedError ||
      error instanceof DecisionError ||
      error instanceof CountersignError
    ))
      throw error;
    entry.view.items.push({
      kind: 'notice',
      id: `n${Date.now().toString(36)}`,
      level: 'warning',
      message: error.message,
    });
  } finally {
    await events.settled();
    if (resumed) await syncFromRun(entry.view, loop, wiring.audit, events.label);
    else delete entry.view.since;
    entry.view.busy = false;
    await views.commit(threadId);
  }
}
