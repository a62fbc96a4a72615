import type { AuditPort, RunLoop } from '../../run';
import type { ThreadView } from '../../shared/protocols/thread-protocol';
import { catchUpAnswers } from './answer-catch-up';
import { catchUpRows } from './row-catch-up';
import { settleStaleCards } from './stale-cards';

/**
 * At the end of an operation that finished a dead worker's (every event applied; a live
 * operation's view follows its events alone), the view takes from the run state and
 * the audit log what they hold as the truth: trust, grants, the answers since the
 * operation began (S5), the call that waits, and what became of earlier cards. The state
 * is loaded (and decrypted) once here; the events alone cannot replace it, since a worker
 * killed after the run saved and before the view did leaves events no worker emits again.
 */
export async function syncFromRun(
  view: ThreadView,
  loop: RunLoop,
  audit: Pick<AuditPort, 'get' | 'byThread'>,
  label: (tool: string) => string,
): Promise<void> {
  const state = await loop.state(view.threadId).catch(() => undefined);
  if (state) {
    view.untrusted = state.untrusted;
    view.grants = state.grants.map((g) => ({ tool: g.tool, label: label(g.tool) }));
  }
  await catchUpRows(view, audit, label);
  catchUpAnswers(view, state);
  // One load per operation end: the call that waits is read from the same state.
  view.pending = (state && loop.approvalOf(state)?.recordId) ?? null;
  await settleStaleCards(view, view.pending, audit);
}
