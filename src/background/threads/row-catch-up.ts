import {
  resultEvent,
  resultFromRecord,
  type AuditPort,
  type RunEvent,
  type RunState,
} from '../../run';
import type { ThreadView } from '../../shared/protocols/thread-protocol';
import { applyEvent } from './view-events';

/** Outcomes a row shows; a call still waiting or running is the resume's to show. */
const SETTLED = new Set(['run', 'failed', 'refused', 'skipped', 'rejected', 'expired']);

/** How the view shows a record: its settled row or card, a row still running, or not at all. */
function shown(view: ThreadView, recordId: string): 'settled' | 'running' | 'missing' {
  for (const i of view.items) {
    if (i.kind === 'approval' && i.card.recordId === recordId) return 'settled';
    if (i.kind === 'tool' && i.id === recordId)
      return SETTLED.has(i.status) ? 'settled' : 'running';
  }
  return 'missing';
}

/**
 * S5, A1: the calls an operation made that its view never heard of. A worker that died
 * after the run saved a call's outcome, and before the view did, leaves the next worker
 * nothing to stream of it (the call is done; at most its answer is caught up), so the
 * thread would show the model's answer to a read, or to a write a grant let run, without
 * the call. The audit log is the truth for history: each settled record of the thread made
 * since the operation's mark and not in the view becomes its row, after the rows and the
 * person's message before it and before the answers caught up after it; a row the view left
 * running takes its outcome.
 */
export async function catchUpRows(
  view: ThreadView,
  audit: Pick<AuditPort, 'byThread'>,
  label: (tool: string) => string,
): Promise<void> {
  const since = view.since;
  if (since?.at === undefined || since.items === undefined) return;
  const records = await audit.byThread(view.threadId).catch(() => []);
  const missing = records
    .filter((r) => r.createdAt >= since.at! && SETTLED.has(r.status))
    .map((record) => ({ record, where: shown(view, record.id) }))
    .filter((m) => m.where !== 'settled')
    .sort(
      (a, b) => a.record.createdAt - b.record.createdAt || a.record.position - b.record.position,
    );
  for (const { record, where } of missing) {
    // What the model was told of it, as a resume rebuilds it (finish-call.ts).
    const result = resultFromRecord(record);
    applyEvent(
      view,
      {
        type: 'tool_result',
        threadId: view.threadId,
        recordId: record.id,
        position: record.position,
        tool: record.tool,
        status: result.status,
        content: result.content,
        summary: result.content,
        isError: result.isError,
      },
      label,
    );
    // A row left running took its outcome in place; a new one was appended, and goes after
    // what the operation showed before it.
    if (where === 'running') continue;
    const row = view.items.pop()!;
    view.items.splice(placeFor(view, since.items), 0, row);
  }
}

/** After the operation's last row or person's message shown, else at the mark. */
function placeFor(view: ThreadView, from: number): number {
  for (let i = view.items.length - 1; i >= Math.min(from, view.items.length); i--) {
    const kind = view.items[i]!.kind;
    if (kind === 'tool' || kind === 'approval' || kind === 'user') return i + 1;
  }
  return Math.min(from, view.items.length);
}

/**
 * S5, C5: the calls a dead worker's run finished (their outcome committed with their record)
 * whose result its view never heard: no result card, and a row still waiting or missing.
 * Each comes back as the `tool_result` event the run emitted, with what the panel was to show
 * of it while the run state still holds it (the turn's call), so the events build its result
 * card (what visitors see, Undo, Publish) as for a live call; placed before the resume's own
 * events. Without this, a worker stopped between the commit and the card left a write shown
 * as "Approved." with no result card (seen in the e2e kill tests; decision-kill.test.ts).
 */
export async function unheardResults(
  view: ThreadView,
  state: RunState,
  audit: Pick<AuditPort, 'byThread'>,
): Promise<Extract<RunEvent, { type: 'tool_result' }>[]> {
  const since = view.since?.at;
  if (since === undefined) return [];
  const calls = new Map((state.turn?.calls ?? []).map((call) => [call.recordId, call]));
  const records = await audit.byThread(view.threadId).catch(() => []);
  return (
    records
      // Run since the dead operation began (a call it approved was proposed before it).
      .filter((r) => r.updatedAt >= since && r.status === 'run' && !heard(view, r.id))
      .sort((a, b) => a.createdAt - b.createdAt || a.position - b.position)
      .map((record) => ({
        ...resultEvent(
          { recordId: record.id, position: record.position, tool: record.tool },
          calls.get(record.id)?.result ?? resultFromRecord(record),
        ),
        threadId: view.threadId,
      }))
  );
}

/** Whether the view shows a call's result: its result card, or its row settled. */
function heard(view: ThreadView, recordId: string): boolean {
  return view.items.some(
    (i) =>
      (i.kind === 'result' && i.card.recordId === recordId) ||
      (i.kind === 'tool' && i.id === recordId && SETTLED.has(i.status)),
  );
}
