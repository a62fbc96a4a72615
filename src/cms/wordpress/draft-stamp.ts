import type { DraftChanged, DraftStamp } from '../adapter';
import type { WpPost } from './schemas/post';

/** What visitors would see of a draft once published, in the order a card lists it. */
const STAMPED: Array<{ key: string; label: string; value: (post: WpPost) => unknown }> = [
  { key: 'title', label: 'Title', value: (p) => p.title?.raw },
  { key: 'content', label: 'Content', value: (p) => p.content?.raw },
  { key: 'excerpt', label: 'Excerpt', value: (p) => p.excerpt?.raw },
  { key: 'slug', label: 'Slug', value: (p) => p.slug },
  { key: 'featured_media', label: 'Featured image', value: (p) => p.featured_media },
  { key: 'categories', label: 'Categories', value: (p) => p.categories },
  { key: 'tags', label: 'Tags', value: (p) => p.tags },
  { key: 'password', label: 'Password', value: (p) => p.password },
  { key: 'meta', label: 'Custom fields', value: (p) => p.meta },
];

function text(value: unknown): string {
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** U1, U2, C5: the draft's state as read with context=edit (raw values). */
export function draftStamp(post: WpPost): DraftStamp {
  return {
    modified: post.modified_gmt ?? post.modified ?? '',
    fields: STAMPED.map((f) => ({ key: f.key, label: f.label, value: text(f.value(post)) })),
  };
}

/**
 * U1, U2: what changed between the stamp a card holds and the draft now, or null when it is
 * unchanged. A different modification time with equal values (a save that changed nothing
 * visitors see, such as a field this list does not hold) still counts as changed.
 */
export function draftChange(reviewed: DraftStamp, now: DraftStamp): DraftChanged | null {
  const before = new Map(reviewed.fields.map((f) => [f.key, f.value]));
  const changes = now.fields
    .filter((f) => before.get(f.key) !== f.value)
    .map((f) => ({ key: f.key, label: f.label, before: before.get(f.key) ?? '', after: f.value }));
  if (changes.length === 0 && reviewed.modified === now.modified) return null;
  return { kind: 'changed', stamp: now, changes };
}
