import type { RunEvent } from '../../run';
import type { ThreadItem, ThreadView } from '../../shared/protocols/thread-protocol';

/** The thread view's status word for a finished call. */
const TOOL_STATUS: Record<string, Extract<ThreadItem, { kind: 'tool' }>['status']> = {
  run: 'run',
  failed: 'failed',
  refused: 'refused',
  skipped: 'skipped',
  rejected: 'rejected',
  expired: 'expired',
  approved: 'approved',
  pending: 'pending',
};

/**
 * Applies one streamed run event to a thread's view (R2). Approval cards and result cards
 * need the CMS and are added by the caller; this handles what the event alone says.
 * Returns the id of the assistant item a text delta went to, for the panel's live update.
 */
export function applyEvent(
  view: ThreadView,
  event: RunEvent,
  labelOf: (tool: string) => string,
): string | undefined {
  const last = view.items.at(-1);
  switch (event.type) {
    case 'text': {
      if (last?.kind === 'assistant' && lastIsThisOperations(view)) {
        last.text += event.text;
        return last.id;
      }
      const id = `a${view.items.length}-${Date.now().toString(36)}`;
      view.items.push({ kind: 'assistant', id, text: event.text });
      return id;
    }
    case 'thinking':
      if (last?.kind === 'thinking' && lastIsThisOperations(view)) last.text += event.text;
      else
        view.items.push({
          kind: 'thinking',
          id: `t${view.items.length}-${Date.now().toString(36)}`,
          text: event.text,
        });
      return undefined;
    case 'tool':
      upsertTool(view, event.recordId, {
        tool: event.tool,
        label: labelOf(event.tool),
        status: 'running',
      });
      return undefined;
    case 'tool_result':
      upsertTool(view, event.recordId, {
        tool: event.tool,
        label: labelOf(event.tool),
        status: TOOL_STATUS[event.status] ?? (event.isError ? 'failed' : 'run'),
        ...(event.display?.summary && !event.isError
          ? { summary: event.display.summary.slice(0, 300), summaryTranslated: true as const }
          : {
              summary: personWords(event.tool, event.summary.split('\n')[0] ?? '').slice(0, 300),
              summaryTranslated: undefined,
            }),
        answer: !event.isError ? event.display?.answer : undefined,
      });
      markDecided(view, event.recordId, event.status);
      return undefined;
    case 'notice':
      view.items.push({
        kind: 'notice',
        id: `n${view.items.length}-${Date.now().toString(36)}`,
        level: event.level,
        message: event.message,
      });
      return undefined;
    case 'state':
      // What the run saved last: the view follows it without reading the state again.
      view.untrusted = event.untrusted;
      view.grants = event.grants.map((tool) => ({ tool, label: labelOf(tool) }));
      view.pending = event.pending;
      return undefined;
    case 'approval':
      return undefined;
  }
}

function upsertTool(
  view: ThreadView,
  recordId: string,
  fields: Omit<Extract<ThreadItem, { kind: 'tool' }>, 'kind' | 'id'>,
) {
  const existing = view.items.find((item) => item.kind === 'tool' && item.id === recordId);
  if (existing && existing.kind === 'tool') Object.assign(existing, fields);
  else view.items.push({ kind: 'tool', id: recordId, ...fields });
}

/** C6: a decided card keeps its arguments and says how it was decided. */
export function markDecided(view: ThreadView, recordId: string, status: string): void {
  const card = view.items.find(
    (item) => item.kind === 'approval' && item.card.recordId === recordId,
  );
  if (!card || card.kind !== 'approval' || card.decided) return;
  if (status === 'rejected' || status === 'skipped') card.decided = 'rejected';
  else if (status === 'expired') card.decided = 'expired';
  else if (status !== 'pending') card.decided = 'approved';
}

/**
 * A failure as the panel says it: the row already names the tool and says "Failed", so the
 * model's `<tool> failed (<code>): ` prefix goes, leaving the site's own words ("WordPress
 * refused: …").
 */
function personWords(tool: string, line: string): string {
  const prefix = `${tool} failed (`;
  if (!line.startsWith(prefix)) return line;
  const rest = line.slice(prefix.length);
  const at = rest.indexOf('): ');
  return at >= 0 && /^[a-z0-9-]+$/.test(rest.slice(0, at)) ? rest.slice(at + 3) : line;
}

/**
 * S5: whether the view's last item came from the operation under way (after its mark,
 * `since`). Streamed text joins only such an item: one from before is another answer (a
 * resume whose person's message the view has not shown yet).
 */
function lastIsThisOperations(view: ThreadView): boolean {
  return view.since?.items === undefined || view.items.length > view.since.items;
}
