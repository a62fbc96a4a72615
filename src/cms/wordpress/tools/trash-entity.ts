import { z } from 'zod';
import { sessionOf } from '../session';
import type { EntityRead } from '../entity';
import { mayDelete } from '../post-access';
import { entityRefFields } from '../post-input';
import { landsAsDraft } from '../draft';
import { viewerMayReadPost } from '../preview-lines';
import { WpPostSchema } from '../schemas/post';
import {
  assertGuards,
  ENTITY_FORMATS,
  entityFacts,
  readEntityTarget,
  entityWriteCard,
  pathOf,
  writeResult,
} from '../post-write';
import { statusCard, statusLine } from './status-card';
import { reconcileStatus } from '../reconcile';
import { defineWpTool } from './define';
import { commentsBeforeTrash, undoCapture } from '../undo-capture';

const input = z.strictObject({ ...entityRefFields });

/** Move an entry to the trash (it can be restored): kind delete, not destructive. */
export const trashEntity = defineWpTool({
  name: 'wp_trash_entity',
  label: 'Move to trash',
  description:
    'Move an entry to the trash: it leaves the site but can be restored (by setting its ' +
    'status back with wp_set_status). Prefer this to wp_delete_entity.',
  cardDescription: 'Moves an entry to the trash; it can be restored from there.',
  input,
  classification: {
    kind: 'delete',
    destructive: false,
    changes: { entity: ['type', 'id'], values: [] },
    draft: (_value, facts) => landsAsDraft(facts),
  },
  accessHint: 'Needs the type’s delete capabilities (delete_others_posts for others’ entries).',
  ...ENTITY_FORMATS,
  readTarget: (ctx, value) => readEntityTarget(ctx, value),
  facts: (_ctx, _value, read) => entityFacts(read),
  access: (ctx, value, read) => Promise.resolve(deleteAccess(ctx.user, value, true, read)),
  async execute(ctx, value, read) {
    const { entity, path } = await pathOf(ctx, value, read);
    await assertGuards(ctx, value, ENTITY_FORMATS, undefined, read);
    // E4: WordPress marks the post's comments as trashed with it; Undo puts each back.
    const comments = await commentsBeforeTrash(sessionOf(ctx), value.id);
    const { data } = await sessionOf(ctx).client.request('DELETE', path, {
      schema: WpPostSchema,
      query: { context: 'edit' },
    });
    return {
      ...writeResult('trashed', data, ctx),
      undo: undoCapture(entity, data, {}, comments),
    };
  },
  card: (ctx, value, read) => statusCard(ctx, value, { status: 'trash' }, read),
  async preview(ctx, value, read) {
    const card = await entityWriteCard(ctx, value, { target: read });
    return [statusLine(card.entity, 'trash')];
  },
  mayViewerReadPreview: (viewer, value) => viewerMayReadPost(viewer, value.type),
  reconcile: (ctx, value, hint) => reconcileStatus(ctx, value, 'trash', hint),
});

/**
 * G5 for trash and delete, on the pass's read of the entry: WordPress lets the account
 * edit it and core's delete rules allow it.
 */
export function deleteAccess(
  user: Parameters<typeof mayDelete>[0],
  { id }: { id: number },
  trash: boolean,
  read: EntityRead,
) {
  if (!read.ok) return read;
  if (trash && read.post.status === 'trash') {
    return { ok: false as const, reason: `${read.type.label} ${id} is already in the trash.` };
  }
  return mayDelete(user, read.type, read.post);
}
