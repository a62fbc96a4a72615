import { z } from 'zod';
import { InputError } from '../../../shared/errors';
import { sessionOf } from '../session';
import { requireForEdit, type EntityRead } from '../entity';
import { mayDelete, mayPublish, PUBLISHING_STATUSES } from '../post-access';
import { entityRefFields, postValueFields } from '../post-input';
import { checkPostValues } from '../post-checks';
import { landsAsDraft } from '../draft';
import { viewerMayReadPost } from '../preview-lines';
import {
  ENTITY_FORMATS,
  entityFacts,
  readEntityTarget,
  entityFormatValues,
  entityWriteCard,
  assertGuards,
  pathOf,
  savePost,
  writeResult,
} from '../post-write';
import type { ToolContext } from '../../../tools/tool';
import type { CardField } from '../../adapter';
import { changesSince } from '../undo-compare';
import { undoCapture } from '../undo-capture';
import { restoreComments } from '../undo-comments';
import { statusFields, statusLine } from './status-card';
import { defineWpTool } from './define';
import { changeLine } from '../preview-lines';
import { fieldLabel } from '../field-words';

const statusField = z
  .enum(['draft', 'pending', 'private', 'publish', 'future'])
  .describe('The status the entry had before the change.');

const input = z.strictObject({
  ...entityRefFields,
  undoes: z
    .string()
    .regex(/^[A-Za-z0-9-]{1,80}$/, 'an audit record id')
    .describe('The audit record of the change this undoes.'),
  restore: z
    .strictObject({
      status: statusField,
      fields: z
        .strictObject(postValueFields)
        .describe('The values the change replaced, as they were before it.'),
      comments: z
        .array(
          z
            .strictObject({
              id: z.number().int().positive().describe('A comment id.'),
              status: z
                .enum(['approved', 'hold', 'spam', 'trash'])
                .describe('The status the comment had before the trash.'),
            })
            .describe('A comment the trash took along.'),
        )
        .max(2000)
        .optional()
        .describe('For a trash: the comments to bring back, each with its status.'),
    })
    .describe('The before-state to put back.'),
  expect: z
    .strictObject({
      status: z.string().min(1).max(20).describe('The status right after the change.'),
      modified: z.string().min(1).max(40).describe('The modified time (UTC) right after it.'),
      fields: z
        .record(z.string(), z.unknown())
        .describe('The values of the changed fields right after it.'),
    })
    .describe('The entry as the change left it: the undo is refused once it changed since.'),
});
type RestoreInput = z.infer<typeof input>;

/** The tool an Undo click proposes (E4). */
export const RESTORE_TOOL_ID = 'wp_restore_entity';

/**
 * E4 Undo: puts back the before-state a write recorded (the fields it changed and the
 * status; for a trash, the status and the comments it took along). Only a person's
 * Undo click proposes it (never the model); it passes the gate like any write.
 */
export const restoreEntity = defineWpTool({
  name: RESTORE_TOOL_ID,
  label: 'Undo a change',
  description: 'Restores the state an entry had before an earlier change (Undo).',
  cardDescription:
    'Undoes an earlier change: puts back the values and the status the entry had before it.',
  input,
  personOnly: true,
  personNote: 'used Undo in the panel to put back an earlier state',
  classification: {
    kind: 'write',
    destructive: false,
    changes: { entity: ['type', 'id'], values: ['restore'] },
    draft: (value, facts) => landsAsDraft(facts, value.restore.status),
  },
  accessHint: 'WordPress must let the account edit the entry, as for the change it undoes.',
  ...ENTITY_FORMATS,
  formatValues: (ctx: ToolContext, value: RestoreInput, read?: EntityRead) =>
    entityFormatValues(ctx, { type: value.type, id: value.id, ...value.restore.fields }, read),
  readTarget: (ctx, value) => readEntityTarget(ctx, value),
  facts: (_ctx, _value, read) => entityFacts(read),
  access: (ctx, value, read) => restoreAccess(ctx, value, read),
  async execute(ctx, value, target) {
    // Checked again on the approve pass's read (else a fresh one): the entry may have
    // changed since the card.
    const read = target ?? (await readEntityTarget(ctx, value));
    const allowed = await restoreAccess(ctx, value, read);
    if (!allowed.ok) throw new InputError(allowed.reason);
    const session = sessionOf(ctx);
    const { entity, path } = await pathOf(ctx, value, read);
    const { fields, status, comments } = value.restore;
    const values = { type: value.type, id: value.id, ...fields };
    await assertGuards(ctx, values, ENTITY_FORMATS, undefined, read);
    const post = await savePost(session, path, { ...fields, status });
    const restored = comments ? await restoreComments(session, comments) : null;
    const result = writeResult('undone', post, ctx);
    if (restored) result.summary += ` ${restored.summary}`;
    return { ...result, undo: undoCapture(entity, post, fields) };
  },
  card: (ctx, value, read) =>
    entityWriteCard(
      ctx,
      { type: value.type, id: value.id, ...value.restore.fields },
      {
        extra: (entity) => [
          ...(entity.post.status === value.restore.status
            ? []
            : statusFields(entity, value.restore)),
          ...commentsField(value.restore.comments),
        ],
        nextStatus: value.restore.status,
        target: read,
      },
    ),
  async preview(ctx, value, read) {
    const card = await entityWriteCard(
      ctx,
      { type: value.type, id: value.id, ...value.restore.fields },
      { target: read },
    );
    const status = value.restore.status;
    return [
      ...(card.entity.status === status ? [] : [statusLine(card.entity, status)]),
      ...card.fields.map((f) => changeLine(f.label, f.current.raw, f.proposed)),
    ];
  },
  mayViewerReadPreview: (viewer, value) => viewerMayReadPost(viewer, value.type),
  async reconcile(ctx, value) {
    const { post } = await requireForEdit(sessionOf(ctx), value.type, value.id);
    // Untouched since the write it undoes: the undo certainly did not run.
    if (changesSince(post, value.expect).length === 0) return { ran: false };
    const modified = post.modified_gmt ?? post.modified ?? '';
    const back = { status: value.restore.status, modified, fields: value.restore.fields };
    if (changesSince(post, back).length > 0) {
      throw new InputError('Cannot tell whether the undo ran: the entry shows neither state.');
    }
    return { ran: true, result: writeResult('undone', post, ctx) };
  },
});

/** C1: the comments a trash took along, as a card field (they come back with the entry). */
function commentsField(comments: RestoreInput['restore']['comments']): CardField[] {
  if (!comments || comments.length === 0) return [];
  const count = (status: string) => comments.filter((c) => c.status === status).length;
  const parts = [
    [count('approved'), 'approved'],
    [count('hold'), 'held for moderation'],
    [count('spam'), 'spam'],
    [count('trash'), 'in the comment trash'],
  ].filter(([n]) => Number(n) > 0);
  return [
    {
      key: 'comments',
      label: fieldLabel('comments'),
      format: 'text',
      current: { raw: `${comments.length} trashed with the entry` },
      proposed: `${comments.length} back as they were: ${parts.map(([n, what]) => `${n} ${what}`).join(', ')}`,
    },
  ];
}

/**
 * G5 for an undo: WordPress lets the account edit the entry, it is exactly as the write
 * left it (else the refusal says what changed), the status it goes back to is one the
 * account may set, and every value can land.
 */
async function restoreAccess(ctx: ToolContext, value: RestoreInput, read: EntityRead) {
  const session = sessionOf(ctx);
  if (!read.ok) return read;
  const changes = changesSince(read.post, value.expect);
  if (changes.length > 0) {
    return {
      ok: false as const,
      reason: `Undo is not possible: the ${read.type.label.toLowerCase()} changed since that change: ${changes.join('; ')}.`,
    };
  }
  if (read.post.status === 'trash') {
    const trash = mayDelete(ctx.user, read.type, read.post);
    if (!trash.ok) return trash;
  }
  if (PUBLISHING_STATUSES.has(value.restore.status) && !PUBLISHING_STATUSES.has(read.post.status)) {
    const publish = mayPublish(ctx.user, read.type);
    if (!publish.ok) return publish;
  }
  return checkPostValues(session, read.type, value.restore.fields, read.post);
}
