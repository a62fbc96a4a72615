import { z } from 'zod';
import { InputError } from '../../../shared/errors';
import type { AccessResult, ToolContext } from '../../../tools/tool';
import { sessionOf } from '../session';
import type { EntityRead } from '../entity';
import { isDraftStatus } from '../draft';
import { mayPublish } from '../post-access';
import { entityRefFields } from '../post-input';
import { viewerMayReadPost } from '../preview-lines';
import {
  assertGuards,
  ENTITY_FORMATS,
  entityFacts,
  entityWriteCard,
  pathOf,
  readEntityTarget,
  savePost,
  writeResult,
} from '../post-write';
import { reconcileStatus } from '../reconcile';
import { undoCapture } from '../undo-capture';
import { statusCard, statusLine } from './status-card';
import { defineWpTool } from './define';

const input = z.strictObject({
  ...entityRefFields,
  from: z
    .string()
    .regex(/^[A-Za-z0-9-]{1,80}$/, 'an audit record id')
    .describe('The audit record of the write whose result card offered Publish.'),
});
type PublishInput = z.infer<typeof input>;

/** The tool a Publish click on a result card proposes (U1, U2). */
export const PUBLISH_TOOL_ID = 'wp_publish_entity';

/**
 * U1, U2: publishes a draft as the signed-in account. Only a person's Publish click on a
 * result card proposes it (never the model); it passes the gate like any write: it goes
 * live, so it always asks (G2), and a site's approvals may send it to a second approver
 * (G15). Its record is the normal one, naming the thread, the site and who decided.
 */
export const publishEntity = defineWpTool({
  name: PUBLISH_TOOL_ID,
  label: 'Publish',
  description: 'Publishes a draft (a Publish click on a result card).',
  cardDescription: 'Publishes this draft: visitors see it at once, as it is now.',
  input,
  personOnly: true,
  personNote: 'used Publish in the panel to make a draft visible to visitors',
  // No draft(): publishing is a write that goes live, whatever the entry holds (G2).
  classification: {
    kind: 'write',
    destructive: false,
    changes: { entity: ['type', 'id'], values: [] },
  },
  accessHint: 'WordPress must let the account edit the draft and publish its type (publish_posts).',
  // G10: publishing saves the entry again, so markup the account may not use is refused.
  ...ENTITY_FORMATS,
  readTarget: (ctx, value) => readEntityTarget(ctx, value),
  facts: (_ctx, _value, read) => entityFacts(read),
  access: (ctx, value, read) => Promise.resolve(publishAccess(ctx, value, read)),
  async execute(ctx, value, target) {
    // Checked again on the approve pass's read (else a fresh one): the entry may have
    // changed since the card.
    const read = target ?? (await readEntityTarget(ctx, value));
    const allowed = publishAccess(ctx, value, read);
    if (!allowed.ok) throw new InputError(allowed.reason);
    const { entity, path } = await pathOf(ctx, value, read);
    const ref = { type: value.type, id: value.id };
    await assertGuards(ctx, ref, ENTITY_FORMATS, undefined, read);
    const post = await savePost(sessionOf(ctx), path, { status: 'publish' });
    const result = writeResult('published', post, ctx, { wanted: 'publish' });
    // E4: Undo puts the draft status back.
    return { ...result, undo: undoCapture(entity, post, {}) };
  },
  card: (ctx, value, read) =>
    statusCard(ctx, { type: value.type, id: value.id }, { status: 'publish' }, read),
  async preview(ctx, value, read) {
    const card = await entityWriteCard(ctx, { type: value.type, id: value.id }, { target: read });
    return [statusLine(card.entity, 'publish')];
  },
  mayViewerReadPreview: (viewer, value) => viewerMayReadPost(viewer, value.type),
  reconcile: (ctx, value, hint) => reconcileStatus(ctx, value, 'publish', hint),
});

/**
 * U1, G5: WordPress lets the account edit the entry, the entry is a draft (draft, pending
 * or auto-draft) and the account holds the type's publish capability.
 */
function publishAccess(ctx: ToolContext, value: PublishInput, read: EntityRead): AccessResult {
  if (!read.ok) return read;
  if (!isDraftStatus(read.post.status)) {
    return {
      ok: false,
      reason: `${read.type.label} ${value.id} is ${read.post.status}, not a draft.`,
    };
  }
  return mayPublish(ctx.user, read.type);
}
