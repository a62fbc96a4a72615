import { z } from 'zod';
import { sessionOf } from '../session';
import { mayPublish, PUBLISHING_STATUSES } from '../post-access';
import { entityRefFields } from '../post-input';
import { landsAsDraft } from '../draft';
import { viewerMayReadPost } from '../preview-lines';
import {
  assertGuards,
  ENTITY_FORMATS,
  entityFacts,
  readEntityTarget,
  entityWriteCard,
  pathOf,
  savePost,
  writeResult,
} from '../post-write';
import { statusCard, statusLine } from './status-card';
import { reconcileStatus } from '../reconcile';
import { defineWpTool } from './define';
import { undoCapture } from '../undo-capture';

const input = z
  .strictObject({
    ...entityRefFields,
    status: z
      .enum(['draft', 'pending', 'private', 'publish', 'future'])
      .describe(
        '"publish" makes it live now; "future" schedules it (needs publish_at); "private" ' +
          'shows it only to signed-in editors; "draft"/"pending" take it off the site.',
      ),
    publish_at: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?Z$/, 'a UTC time like 2030-01-01T10:00:00Z')
      .optional()
      .describe('For "future" only: when to publish, in UTC, like 2030-01-01T10:00:00Z.'),
  })
  .refine((value) => (value.status === 'future') === (value.publish_at !== undefined), {
    message: 'publish_at is required for "future" and only allowed with it',
    path: ['publish_at'],
  })
  .refine((value) => !value.publish_at || Date.parse(value.publish_at) > Date.now() + 60_000, {
    message: 'publish_at must be in the future',
    path: ['publish_at'],
  });

/** Change an entry's status: publishing is live at once. */
export const setStatus = defineWpTool({
  name: 'wp_set_status',
  label: 'Change status',
  description:
    'Change the status of an entry: publish it (live at once), schedule it, make it ' +
    'private, or take it back to draft or pending review. Use wp_trash_entity to remove it.',
  cardDescription: 'Changes the status of an entry; publishing makes it visible at once.',
  input,
  classification: {
    kind: 'write',
    destructive: false,
    changes: { entity: ['type', 'id'], values: ['status', 'publish_at'] },
    draft: (value, facts) => landsAsDraft(facts, value.status),
  },
  accessHint:
    'Publishing, scheduling and private need the type’s publish capability (publish_posts).',
  ...ENTITY_FORMATS,
  readTarget: (ctx, value) => readEntityTarget(ctx, value),
  facts: (_ctx, _value, read) => entityFacts(read),
  async access(ctx, { id, status }, read) {
    if (!read.ok) return read;
    if (read.post.status === status) {
      return { ok: false, reason: `${read.type.label} ${id} is already ${status}.` };
    }
    return PUBLISHING_STATUSES.has(status) ? mayPublish(ctx.user, read.type) : { ok: true };
  },
  async execute(ctx, value, read) {
    const { entity, path } = await pathOf(ctx, value, read);
    await assertGuards(ctx, value, ENTITY_FORMATS, undefined, read);
    const body: Record<string, string> = { status: value.status };
    if (value.publish_at) body['date_gmt'] = value.publish_at.replace(/Z$/, '');
    const post = await savePost(sessionOf(ctx), path, body);
    const result = writeResult('statusSet', post, ctx, { wanted: value.status });
    // A schedule also moved the date, which Undo cannot put back: no Undo for it.
    return value.publish_at ? result : { ...result, undo: undoCapture(entity, post, {}) };
  },
  card: (ctx, value, read) => statusCard(ctx, value, value, read),
  async preview(ctx, value, read) {
    const card = await entityWriteCard(ctx, value, { target: read });
    return [statusLine(card.entity, value.status, value.publish_at)];
  },
  mayViewerReadPreview: (viewer, value) => viewerMayReadPost(viewer, value.type),
  reconcile: (ctx, value, hint) => reconcileStatus(ctx, value, value.status, hint),
});
