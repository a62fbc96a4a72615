import type { DraftStamp } from '../adapter';
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
