import type { WpPost } from '../schemas/post';
import { metaOf, postField, POST_FIELD_KEYS } from '../post-fields';

/** Two stored values are the same; id lists in any order. */
export function sameStored(stored: unknown, wanted: unknown): boolean {
  const norm = (value: unknown) =>
    Array.isArray(value) ? JSON.stringify([...value].sort()) : JSON.stringify(value);
  return norm(stored) === norm(wanted);
}

/**
 * E1: the labels of approved values that the entry, as WordPress answers it now, does not
 * hold (a plugin changed them on save, or a later save overwrote them).
 */
export function storedDifferences(post: WpPost, approved: Record<string, unknown>): string[] {
  const differs: string[] = [];
  for (const key of POST_FIELD_KEYS) {
    if (approved[key] === undefined) continue;
    if (!sameStored(postField(key).read(post).raw, approved[key]))
      differs.push(postField(key).label);
  }
  if (typeof approved.status === 'string' && post.status !== approved.status)
    differs.push('Status');
  const meta = metaOf(post);
  const wantedMeta = (approved.meta ?? {}) as Record<string, unknown>;
  for (const [key, value] of Object.entries(wantedMeta)) {
    if (!sameStored(meta[key], value)) differs.push(`meta.${key}`);
  }
  return differs;
}
