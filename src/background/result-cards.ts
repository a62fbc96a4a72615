import { newRecordId } from '../audit';
import type { EntityRef } from '../cms/adapter';
import type { RunEvent } from '../run';
import { payloadHash } from '../run/call/payload-hash';
import type { ToolContext } from '../tools/tool';
import { CountersignError } from '../shared/errors';
import type { ResultCard, ThreadView } from '../shared/thread-protocol';
import { fieldChange } from './card-builder';
import type { RunWiring } from './run-deps';
import type { SiteSession } from './sessions';
import { undoOffer } from './undo';

export { followUndo, undoOp } from './undo';

/**
 * C5, U1: after a content write runs, whether visitors see it and, for a draft, how it
 * differs from the published version, with Publish for accounts the workflow allows.
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
    toolLabel: tool.label,
    visibleToVisitors: false,
    visibilityText: event.summary.split('\n')[0] ?? '',
    canPublish: false,
    configChanges: record?.configChanges,
    editor: event.display?.editor,
    undo: await undoOffer(record, wiring),
  };
  if (!ref) return card;
  const visibility = await wiring.adapter.visibility(ctx, ref).catch(() => null);
  const mayPublish = await wiring.adapter.mayPublish(ctx, ref).catch(() => ({ ok: false }));
  card.entity = { id: ref.id, type: ref.type, typeLabel: ref.type, title: card.visibilityText };
  if (visibility) {
    card.visibleToVisitors = visibility.visitorsSee;
    card.visibilityText = visibility.visitorsSee
      ? `Live: visitors see this now (${visibility.status}).`
      : visibility.status === 'trash'
        ? 'In the trash: visitors no longer see it.'
        : `Draft: visitors see nothing until it is published (${visibility.status}).`;
    card.draftDiff = visibility.published?.fields.map(fieldChange);
    card.reviewed = visibility.stamp;
  }
  card.canPublish = !card.visibleToVisitors && mayPublish.ok && visibility?.status !== 'trash';
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

/** U2: publishes as the person, records `countersign:publish` naming the thread, updates the card. */
export async function publishFromCard(
  view: ThreadView,
  recordId: string,
  site: SiteSession,
  threadId: string,
  wiring: Pick<RunWiring, 'adapter' | 'audit'>,
): Promise<void> {
  const item = view.items.find((i) => i.kind === 'result' && i.card.recordId === recordId);
  if (!item || item.kind !== 'result' || !item.card.entity?.type || !item.card.canPublish) {
    throw new CountersignError('not-publishable', 'This result cannot be published from here.');
  }
  const ref: EntityRef = { id: item.card.entity.id, type: item.card.entity.type };
  const ctx: ToolContext = { user: site.user, threadId, cms: site.session };
  const allowed = await wiring.adapter.mayPublish(ctx, ref);
  if (!allowed.ok) throw new CountersignError('forbidden', allowed.reason);
  const outcome = await wiring.adapter.publish(ctx, ref, item.card.reviewed);
  if (outcome.kind === 'changed') {
    // U1, C5: nothing went live; the card now holds the draft as it is and says what changed.
    item.card.reviewed = outcome.stamp;
    item.card.checkedAt = Date.now();
    item.card.changedSince = outcome.changes.map((c) => ({
      key: c.key,
      label: c.label,
      current: c.before,
      proposed: c.after,
      format: 'text',
    }));
    return;
  }
  const now = Date.now();
  await wiring.audit.create({
    id: newRecordId(),
    threadId,
    owner: { userId: String(site.user.id), siteOrigin: site.context.origin },
    tool: outcome.toolId,
    input: ref,
    payloadHash: await payloadHash(outcome.toolId, ref),
    status: 'run',
    mode: 'command',
    classification: { kind: 'write', destructive: false, draft: false },
    transport: 'command',
    position: 0,
    decidedBy: String(site.user.id),
    decidedAt: now,
    resultSummary: `${outcome.result.summary} (thread ${threadId})`.slice(0, 2000),
  });
  delete item.card.changedSince;
  Object.assign(item.card, {
    published: true,
    canPublish: false,
    visibleToVisitors: true,
    visibilityText: 'Published: visitors see it now.',
  });
}
