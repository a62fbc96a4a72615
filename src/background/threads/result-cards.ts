import type { EntityRef } from '../../cms/adapter';
import type { RunEvent } from '../../run';
import type { ToolContext } from '../../tools/tool';
import type { ResultCard } from '../../shared/protocols/thread-protocol';
import { fieldChange } from './card-builder';
import { publishOffered, publishPass } from './publish';
import type { RunWiring } from './run-deps';
import { undoOffer } from './undo';
import { toolLabel } from '../../tools/tool-words';
import { t } from '../../i18n';

export { followUndo, undoOp } from './undo';
export { followPublish, publishOp } from './publish';

/**
 * C5, U1: after a content write runs, whether visitors see it and, for a draft, how it
 * differs from the published version, with Publish for accounts the workflow allows (the
 * click proposes the publish call through the gate: publish.ts).
 */
export async function resultCardFor(
  event: Extract<RunEvent, { type: 'tool_result' }>,
  ctx: ToolContext,
  wiring: Pick<RunWiring, 'registry' | 'adapter' | 'audit'>,
): Promise<ResultCard | null> {
  const tool = wiring.registry.get(event.tool);
  const kind = tool?.classification?.kind;
  // A trash is a delete that can be undone (E4): it gets a result card too.
  const undoable = kind === 'delete' && tool?.classification?.destructive === false;
  if (!tool || (kind !== 'write' && !undoable)) return null;
  const record = await wiring.audit.get(event.recordId);
  const ref = event.display?.entity ?? entityOf(record?.input);
  const card: ResultCard = {
    recordId: event.recordId,
    toolLabel: toolLabel(tool),
    visibleToVisitors: false,
    // The person's words for what the call did; the model's first line only without them.
    visibilityText: event.display?.summary ?? event.summary.split('\n')[0] ?? '',
    canPublish: false,
    configChanges: record?.configChanges,
    editor: event.display?.editor,
    undo: await undoOffer(record, wiring),
  };
  if (!ref) return card;
  // One read of the entry serves the visibility and the Publish checks (issue 35).
  const pass = await publishPass(event.recordId, ref, ctx, wiring).catch(() => null);
  const visibility = await wiring.adapter.visibility(ctx, ref, pass?.target).catch(() => null);
  card.entity = { id: ref.id, type: ref.type, typeLabel: ref.type, title: card.visibilityText };
  if (visibility) {
    card.visibleToVisitors = visibility.visitorsSee;
    card.visibilityText = visibility.visitorsSee
      ? t('worker.result.live', { status: visibility.status })
      : visibility.status === 'trash'
        ? t('worker.result.trash')
        : t('worker.result.draft', { status: visibility.status });
    card.draftDiff = visibility.published?.fields.map(fieldChange);
    card.reviewed = visibility.stamp;
  }
  card.canPublish =
    visibility !== null &&
    !card.visibleToVisitors &&
    visibility.status !== 'trash' &&
    pass !== null &&
    (await publishOffered(pass, ctx));
  return card;
}

/**
 * The entity a write named in its input, for a result that carries none (a call settled
 * from its audit record after a restart keeps no panel data).
 */
function entityOf(input: unknown): EntityRef | undefined {
  const fromInput = input as { id?: unknown; type?: unknown } | undefined;
  if (typeof fromInput?.id !== 'number') return undefined;
  return { id: fromInput.id, type: typeof fromInput.type === 'string' ? fromInput.type : 'post' };
}
