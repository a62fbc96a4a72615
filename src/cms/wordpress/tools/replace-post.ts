import { z } from 'zod';
import { sessionOf } from '../session';
import { InputError } from '../../../shared/errors';
import { entityRefFields, postValueFields, POST_VALUE_KEYS } from '../post-input';
import { landsAsDraft } from '../draft';
import { valuesOf } from '../card-data';
import { viewerMayReadPost } from '../preview-lines';
import { wholeStateOf } from '../whole-state';
import {
  assertGuards,
  entityFacts,
  entityWriteAccess,
  readEntityTarget,
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

const input = z.strictObject({ ...entityRefFields, ...postValueFields });

/** Set an entry's whole content state: every field that has a value today must be given (G9). */
export const replacePost = defineWpTool({
  name: 'wp_replace_post',
  label: 'Replace an entry',
  description:
    'Set the whole state of an existing entry: title, content, excerpt, slug, categories, ' +
    'tags, featured image and meta. Every field that holds a value today must be given; ' +
    'send "" or [] to clear one on purpose. Use wp_update_post to change only some fields.',
  cardDescription: 'Replaces the whole content of an existing entry.',
  input,
  classification: {
    kind: 'write',
    destructive: false,
    whole: true,
    changes: { entity: ['type', 'id'], values: POST_VALUE_KEYS },
    draft: (_input, facts) => landsAsDraft(facts),
  },
  accessHint:
    'WordPress must let the account edit the entry; every field holding a value must be sent.',
  ...ENTITY_FORMATS,
  mediaFields: ['featured_media'],
  readTarget: (ctx, value) => readEntityWriteTarget(ctx, value),
  facts: (_ctx, _value, read) => entityFacts(read),
  access: (ctx, value, read) => entityWriteAccess(ctx, value, read),
  async wholeState(ctx, value, read) {
    const entry = read ?? (await readEntityTarget(ctx, value));
    if (!entry.ok) throw new InputError(entry.reason);
    return wholeStateOf(entry.type, entry.post);
  },
  async execute(ctx, value, read) {
    const { entity, path } = await pathOf(ctx, value, read);
    const current = wholeStateOf(entity.type, entity.post);
    const whole = { name: 'wp_replace_post', current };
    await assertGuards(ctx, value, ENTITY_FORMATS, whole, read);
    const values = valuesOf(value);
    const post = await savePost(sessionOf(ctx), path, { ...values });
    return {
      ...writeResult('replaced', post, ctx, { titleSet: value.title }),
      undo: undoCapture(entity, post, { ...values }),
    };
  },
  card: (ctx, value, read) => entityWriteCard(ctx, value, { target: read }),
  reconcile: (ctx, value, hint) => reconcileValues(ctx, value, hint),
  preview: (ctx, value, read) => entityWritePreview(ctx, value, read),
  mayViewerReadPreview: (viewer, value) => viewerMayReadPost(viewer, value.type),
});
