import type { ToolCallRecord } from '../../audit';
import type { EntityRef } from '../../cms/adapter';
import { draftChange } from '../../cms/draft-change';
import type { RunEvent } from '../../run';
import type { AnyTool, ToolContext } from '../../tools/tool';
import { readTarget } from '../../tools/gate-pass';
import { CountersignError } from '../../shared/errors';
import type { ResultCard, ThreadView } from '../../shared/protocols/thread-protocol';
import type { RunWiring } from './run-deps';
import { personCallOp } from './person-call-op';
import { t } from '../../i18n';

type Wiring = Pick<RunWiring, 'registry' | 'adapter' | 'audit'>;

/**
 * U1, U2: a Publish click on a result card: checks the draft is still as the card showed it
 * (else the card says what changed and nothing is proposed), then proposes the publish as the
 * person's call: gated (G2 always asks; a site's approvals may send it to a second approver,
 * G15), carded and recorded like any call.
 */
export const publishOp = personCallOp((card, ctx, wiring) => publishCallFor(card, ctx, wiring));

/**
 * U1, U2: the publish call for a Publish click, for the run loop to gate; or null when the
 * draft changed since the card (the card now holds the draft as it is and lists what
 * changed, as Publish asks again: C5). Throws when the card offers no Publish or the
 * account may not publish the draft now (G5: checked before any card).
 */
export async function publishCallFor(
  card: ResultCard,
  ctx: ToolContext,
  wiring: Wiring,
): Promise<{ tool: string; input: unknown; reviewedModified: string } | null> {
  if (!card.canPublish || card.published || card.publish?.state === 'asked' || !card.entity?.type) {
    throw new CountersignError('not-publishable', t('worker.action.notPublishable'));
  }
  const ref: EntityRef = { id: card.entity.id, type: card.entity.type };
  const pass = await publishPass(card.recordId, ref, ctx, wiring);
  if (!pass) throw new CountersignError('not-publishable', t('worker.action.draftNotPublishable'));
  const access = await pass.tool.access(ctx, pass.input, pass.target);
  if (!access.ok) throw new CountersignError('forbidden', access.reason);
  const now = (await wiring.adapter.visibility(ctx, ref, pass.target)).stamp;
  if (!now) throw new CountersignError('forbidden', t('worker.action.draftUnreadable'));
  // Without a stamp the card never showed the draft: it is shown now, and asks again.
  const changed = card.reviewed
    ? draftChange(card.reviewed, now)
    : { kind: 'changed' as const, stamp: now, changes: [] };
  if (changed) {
    // U1, C5: nothing is proposed; the card holds the draft as it is and says what changed.
    card.reviewed = changed.stamp;
    card.checkedAt = Date.now();
    card.changedSince = changed.changes.map((c) => ({
      key: c.key,
      label: c.label,
      current: c.before,
      proposed: c.after,
      format: 'text',
    }));
    return null;
  }
  delete card.publish;
  return { tool: pass.tool.name, input: pass.input, reviewedModified: now.modified };
}

/**
 * The publish call for the draft `ref` the write `recordId` left, and one read of the draft
 * (the publish tool's `readTarget`), which its access and G10 checks and the visibility
 * check share (issue 35: one read, not one each); null when the adapter's call does not
 * validate.
 */
export async function publishPass(
  recordId: string,
  ref: EntityRef,
  ctx: ToolContext,
  wiring: Pick<Wiring, 'registry' | 'adapter'>,
): Promise<PublishPass | null> {
  const call = wiring.adapter.publishCall(recordId, ref);
  const valid = wiring.registry.validate(call.tool, call.input);
  if (!valid.ok) return null;
  return {
    tool: valid.tool,
    input: valid.input,
    target: await readTarget(valid.tool, ctx, valid.input),
  };
}

/** A publish call and what its tool read of the draft. */
export interface PublishPass {
  tool: AnyTool;
  input: unknown;
  target: unknown;
}

/**
 * U2: keeps the card whose Publish proposed a call in step with it: `asked` while its card
 * waits, published once it ran (visitors see it now), offered again after a rejection or
 * expiry, `refused` with the reason when it could not run.
 */
export async function followPublish(
  view: ThreadView,
  event: RunEvent,
  wiring: Pick<Wiring, 'audit'>,
): Promise<void> {
  if (event.type !== 'tool_result' && event.type !== 'approval') return;
  const recordId = event.type === 'approval' ? event.approval.recordId : event.recordId;
  const record = await wiring.audit.get(recordId).catch(() => undefined);
  const from = publishedFrom(record);
  if (!record || !from) return;
  const item = view.items.find((i) => i.kind === 'result' && i.card.recordId === from);
  if (item?.kind !== 'result') return;
  const card = item.card;
  if (event.type === 'approval') {
    card.publish = { state: 'asked', recordId };
  } else if (event.status === 'run') {
    delete card.publish;
    delete card.changedSince;
    Object.assign(card, {
      published: true,
      canPublish: false,
      visibleToVisitors: true,
      visibilityText: t('worker.result.published'),
    });
  } else if (event.status === 'rejected' || event.status === 'expired') {
    delete card.publish;
  } else {
    card.publish = { state: 'refused', recordId, message: event.summary.split('\n')[0] ?? '' };
  }
}

/** The result card's record a publish names (`from`), if the record is a person's publish. */
function publishedFrom(record: ToolCallRecord | undefined): string | undefined {
  const input = record?.input as { from?: unknown } | undefined;
  return record?.transport === 'command' && typeof input?.from === 'string'
    ? input.from
    : undefined;
}

/**
 * U1: whether a result card offers Publish, judged on the pass's read of the draft: the
 * publish tool's access (WordPress lets the account edit the draft and publish its type)
 * and G10 (publishing saves the entry again) pass now.
 */
export async function publishOffered(pass: PublishPass, ctx: ToolContext): Promise<boolean> {
  try {
    if (!(await pass.tool.access(ctx, pass.input, pass.target)).ok) return false;
    const guard = await pass.tool.guard?.(ctx, pass.input, pass.target);
    return guard?.ok ?? true;
  } catch {
    return false;
  }
}
