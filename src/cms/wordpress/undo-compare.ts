import type { WpPost } from './schemas/post';
import { metaOf, postField, POST_FIELD_KEYS, type PostFieldKey } from './post-fields';

/** E4: an entity right after a write: its status, modified time and the fields it set. */
export interface UndoExpectation {
  status: string;
  modified: string;
  fields: Record<string, unknown>;
}

const FIELD_KEYS: ReadonlySet<string> = new Set(POST_FIELD_KEYS);

/** The values of `keys` (content fields and `meta`) as the post holds them now. */
export function fieldsOf(post: WpPost, keys: Iterable<string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of keys) {
    if (FIELD_KEYS.has(key)) out[key] = postField(key as PostFieldKey).read(post).raw;
  }
  return out;
}

/** The meta keys of `meta` as the post holds them now (null when absent). */
export function metaFieldsOf(post: WpPost, keys: Iterable<string>): Record<string, unknown> {
  const meta = metaOf(post);
  const out: Record<string, unknown> = {};
  for (const key of keys) out[key] = meta[key] ?? null;
  return out;
}

/**
 * E4: what changed in `post` since the write that left it as `expected`, in words, one
 * phrase per difference (status, each field the write set, a later save). Empty when
 * the entity is as the write left it, which is when Undo may restore its before-state.
 */
export function changesSince(post: WpPost, expected: UndoExpectation): string[] {
  const changes: string[] = [];
  if (post.status !== expected.status) {
    changes.push(`its status is now ${post.status} (it was ${expected.status} after the change)`);
  }
  for (const [key, value] of Object.entries(expected.fields)) {
    if (key === 'meta' && value && typeof value === 'object') {
      const now = metaFieldsOf(post, Object.keys(value));
      for (const [metaKey, metaValue] of Object.entries(value)) {
        if (!same(now[metaKey], metaValue))
          changes.push(`meta ${metaKey} is now ${show(now[metaKey])}`);
      }
      continue;
    }
    if (!FIELD_KEYS.has(key)) continue;
    const field = postField(key as PostFieldKey);
    const now = field.read(post).raw;
    const label = field.label.toLowerCase();
    const verb = label.endsWith('s') ? 'are' : 'is';
    if (!same(now, value)) changes.push(`the ${label} ${verb} now ${show(now)}`);
  }
  const modified = post.modified_gmt ?? post.modified;
  if (modified !== expected.modified) {
    changes.push(`it was saved again since (last modified ${modified} UTC)`);
  }
  return changes;
}

/** Whether two stored values are equal; term id lists compare as sets. */
export function same(stored: unknown, wanted: unknown): boolean {
  const norm = (value: unknown) =>
    Array.isArray(value) ? JSON.stringify([...value].sort()) : JSON.stringify(value ?? null);
  return norm(stored) === norm(wanted);
}

function show(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value ?? null);
  const flat = text.replace(/\s+/g, ' ').trim();
  return `“${flat.length > 80 ? `${flat.slice(0, 77)}…` : flat}”`;
}
