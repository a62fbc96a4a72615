import { z } from 'zod';
import { sessionOf } from '../session';
import { writableType } from '../entity';
import { mayCreate } from '../post-access';
import { checkPostValues } from '../post-checks';
import { postValueFields, POST_VALUE_KEYS, typeField } from '../post-input';
import { changedFields, valuesOf } from '../card-data';
import { assertGuards, NEW_ENTITY_FORMATS, savePost, writeResult } from '../post-write';
import { InputError } from '../../../shared/errors';
import { defineWpTool } from './define';

const { meta: _meta, ...fields } = postValueFields;

const input = z
  .strictObject({
    type: typeField.default('post'),
    status: z
      .enum(['draft', 'pending'])
      .default('draft')
      .describe('"draft", or "pending" to submit it for review.'),
    ...fields,
  })
  .refine((value) => value.title !== undefined || value.content !== undefined, {
    message: 'give a title or content',
  });

/** Create a new entry as a draft (or pending review): visitors see nothing until it is published. */
export const createDraft = defineWpTool({
  name: 'wp_create_draft',
  label: 'Create a draft',
  description:
    'Create a new post, page or other entry as a draft (or pending review). Visitors see ' +
    'nothing until someone publishes it. Content is raw HTML, ideally with block comments.',
  cardDescription: 'Creates a new draft; visitors see nothing until it is published.',
  input,
  classification: {
    kind: 'write',
    destructive: false,
    changes: { entity: ['type'], values: POST_VALUE_KEYS.filter((key) => key !== 'meta') },
    draft: () => true,
  },
  accessHint: 'The account must be able to create entries of the type (edit_posts).',
  ...NEW_ENTITY_FORMATS,
  mediaFields: ['featured_media'],
  async access(ctx, value) {
    const session = sessionOf(ctx);
    const resolved = await writableType(session, value.type);
    if (!resolved.ok) return resolved;
    const allowed = mayCreate(ctx.user, resolved.type);
    if (!allowed.ok) return allowed;
    return checkPostValues(session, resolved.type, valuesOf(value), null);
  },
  async execute(ctx, value) {
    const session = sessionOf(ctx);
    const resolved = await writableType(session, value.type);
    if (!resolved.ok) throw new InputError(resolved.reason);
    await assertGuards(ctx, value, NEW_ENTITY_FORMATS);
    const body = { status: value.status, ...valuesOf(value) };
    const post = await savePost(session, `wp/v2/${resolved.type.restBase}`, body);
    return writeResult('created', post, ctx, { titleSet: value.title });
  },
  async card(ctx, value) {
    const resolved = await writableType(sessionOf(ctx), value.type);
    if (!resolved.ok) throw new InputError(resolved.reason);
    return {
      entity: { typeLabel: resolved.type.label, title: value.title || '(no title)' },
      fields: changedFields(valuesOf(value), null),
      lands: 'draft',
    };
  },
});
