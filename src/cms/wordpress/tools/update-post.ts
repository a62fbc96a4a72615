import { z } from 'zod';
import { sessionOf } from '../session';
import { entityRefFields, postValueFields, POST_VALUE_KEYS } from '../post-input';
import { landsAsDraft } from '../draft';
import { valuesOf } from '../card-data';
import { viewerMayReadPost } from '../preview-lines';
import {
  assertGuards,
  entityFacts,
  entityWriteAccess,
  readEntityWriteTarget,
  entityWriteCard,
  entityWritePreview,
  pathOf,
  ENTITY_FORMATS,
  savePost,
  writeResult,
} from '../post-write';
import { reconcileValues } from '../reconcile';
import { defineWpTool } from './define';
import { undoCapture } from '../undo-capture';

const input = z
  .strictObject({ ...entityRefFields, ...postValueFields })
  .refine((value) => Object.keys(valuesOf(value)).length > 0, {
    message: 'name at least one field to change',
  });

/** Change some fields of an entry (a patch): fields left out stay as they are. */
export const updatePost = defineWpTool({
  name: 'wp_update_post',
  label: 'Update an entry',
  description:
    'Change some fields of an existing post, page or other entry; fields you leave out ' +
    'stay as they are. Content is the whole new content (raw HTML with block comments). ' +
    'A published entry changes live; a draft stays a draft. Read the entry first.',
  cardDescription: 'Changes fields of an existing entry; other fields stay as they are.',
  input,
  classification: {
    kind: 'write',
    destructive: false,
    changes: { entity: ['type', 'id'], values: POST_VALUE_KEYS },
    draft: (_input, facts) => landsAsDraft(facts),
  },
  accessHint:
    'WordPress must let the account edit the entry (edit_others_posts for others’ entries, ' +
    'edit_published_posts once published).',
  ...ENTITY_FORMATS,
  mediaFields: ['featured_media'],
  readTarget: (ctx, value) => readEntityWriteTarget(ctx, value),
  facts: (_ctx, _value, read) => entityFacts(read),
  access: (ctx, value, read) => entityWriteAccess(ctx, value, read),
  async execute(ctx, value, read) {
    const { entity, path } = await pathOf(ctx, value, read);
    await assertGuards(ctx, value, ENTITY_FORMATS, undefined, read);
    const values = valuesOf(value);
    const post = await savePost(sessionOf(ctx), path, { ...values });
    return {
      ...writeResult('updated', post, ctx, { titleSet: value.title }),
      undo: undoCapture(entity, post, { ...values }),
    };
  },
  card: (ctx, value, read) => entityWriteCard(ctx, value, { target: read }),
  reconcile: (ctx, value, hint) => reconcileValues(ctx, value, hint),
  preview: (ctx, value, read) => entityWritePreview(ctx, value, read),
  mayViewerReadPreview: (viewer, value) => viewerMayReadPost(viewer, value.type),
});
