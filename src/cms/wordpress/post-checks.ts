import { z } from 'zod';
import { CmsHttpError } from '../http-error';
import type { AccessResult } from '../../tools/tool';
import type { WpSession } from './session';
import type { WpTypeInfo } from './post-types';
import type { WpPost } from './schemas/post';
import { WpMediaSchema } from './schemas/media';
import { POST_FIELDS, metaOf } from './post-fields';

/** The content values a write carries (the shared post value fields). */
export interface PostValues {
  title?: string;
  content?: string;
  excerpt?: string;
  slug?: string;
  categories?: number[];
  tags?: number[];
  featured_media?: number;
  meta?: Record<string, string | number | boolean>;
}

const IdListSchema = z.array(z.looseObject({ id: z.number().int() }));

/** The reads that check a write's values (its terms and featured image), under way. */
export type ValueReads = Promise<
  [
    PromiseSettledResult<number[]>,
    PromiseSettledResult<number[]>,
    PromiseSettledResult<AccessResult>,
  ]
>;

/**
 * Sends the term and image reads of `values` at once (one round trip, not three), before
 * anything else is known of the call: a gate pass starts them beside its read of the entry.
 * They settle and never reject, so reads a refusal made useless are simply dropped.
 */
export function startValueReads(session: WpSession, values: PostValues): ValueReads {
  return Promise.allSettled([
    missingTerms(session, 'categories', values.categories ?? []),
    missingTerms(session, 'tags', values.tags ?? []),
    values.featured_media ? checkImage(session, values.featured_media) : { ok: true as const },
  ]);
}

/**
 * Refuses values WordPress would silently ignore, so no write is ever half-applied: fields
 * the post type does not have, unregistered meta keys, term ids that do not exist, and a
 * featured image that is not an image the account can see. `post` is the entity for an
 * update (null for a create); `reads` are the value reads when a gate pass already started
 * them (`startValueReads`).
 */
export async function checkPostValues(
  session: WpSession,
  type: WpTypeInfo,
  values: PostValues,
  post: WpPost | null,
  reads?: ValueReads,
): Promise<AccessResult> {
  const typeName = type.pluralLabel.toLowerCase();
  for (const field of POST_FIELDS) {
    if (values[field.key] !== undefined && !field.applies(type)) {
      return { ok: false, reason: `${type.pluralLabel} have no ${field.label.toLowerCase()}.` };
    }
  }
  const unknownMeta = Object.keys(values.meta ?? {}).filter((k) => !post || !(k in metaOf(post)));
  if (unknownMeta.length > 0) {
    return {
      ok: false,
      reason: `These meta keys are not exposed to REST for ${typeName}: ${unknownMeta.join(', ')}.`,
    };
  }
  // The answers are taken in the order they were once asked one after the other, so the
  // same refusal (or error) wins: a missing category before a tag, a tag before the image.
  const [categories, tags, image] = await (reads ?? startValueReads(session, values));
  const missingCategories = settled(categories);
  if (missingCategories.length > 0) {
    return { ok: false, reason: `There is no category with id ${missingCategories.join(', ')}.` };
  }
  const missingTags = settled(tags);
  if (missingTags.length > 0) {
    return { ok: false, reason: `There is no tag with id ${missingTags.join(', ')}.` };
  }
  return settled(image);
}

/** A settled read's value, or its error thrown. */
function settled<T>(result: PromiseSettledResult<T>): T {
  if (result.status === 'rejected') throw result.reason;
  return result.value;
}

async function missingTerms(session: WpSession, base: string, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const { data } = await session.client.get(`wp/v2/${base}`, {
    schema: IdListSchema,
    query: { include: ids.join(','), per_page: 100, _fields: 'id' },
  });
  const found = new Set(data.map((term) => term.id));
  return ids.filter((id) => !found.has(id));
}

async function checkImage(session: WpSession, id: number): Promise<AccessResult> {
  try {
    const { data } = await session.client.get(`wp/v2/media/${id}`, { schema: WpMediaSchema });
    if (data.mime_type.startsWith('image/')) return { ok: true };
    return { ok: false, reason: `Media ${id} is ${data.mime_type}, not an image.` };
  } catch (error) {
    if (error instanceof CmsHttpError && ['not-found', 'forbidden'].includes(error.kind)) {
      return { ok: false, reason: `There is no image with id ${id} that your account can see.` };
    }
    throw error;
  }
}
