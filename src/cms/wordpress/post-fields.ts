import type { CardField, FieldSnapshot } from '../adapter';
import type { WpPost } from './schemas/post';
import type { WpTypeInfo } from './post-types';
import { POST_HTML, TITLE_HTML, type AllowedHtml } from './formats/kses-rules';

/** The content fields the post tools write (top-level input keys of the write tools). */
export const POST_FIELD_KEYS = [
  'title',
  'content',
  'excerpt',
  'slug',
  'categories',
  'tags',
  'featured_media',
] as const;
export type PostFieldKey = (typeof POST_FIELD_KEYS)[number];

/** How one content field is labelled, checked (G10) and read from a post. */
export interface PostField {
  key: PostFieldKey;
  label: string;
  format: CardField['format'];
  /** The kses list WordPress applies to the field for accounts without unfiltered_html. */
  html?: AllowedHtml;
  /** Whether the post type has this field at all. */
  applies(type: WpTypeInfo): boolean;
  read(post: WpPost): FieldSnapshot;
}

const supports = (feature: string) => (type: WpTypeInfo) => Boolean(type.supports[feature]);
const taxonomy = (slug: string) => (type: WpTypeInfo) => type.taxonomies.includes(slug);

/** Every content field, in the order cards show them. */
export const POST_FIELDS: readonly PostField[] = [
  {
    key: 'title',
    label: 'Title',
    format: 'text',
    html: TITLE_HTML,
    applies: supports('title'),
    read: (post) => ({ raw: post.title?.raw ?? '', rendered: post.title?.rendered }),
  },
  {
    key: 'content',
    label: 'Content',
    format: 'html',
    html: POST_HTML,
    applies: supports('editor'),
    read: (post) => ({ raw: post.content?.raw ?? '', rendered: post.content?.rendered }),
  },
  {
    key: 'excerpt',
    label: 'Excerpt',
    format: 'html',
    html: POST_HTML,
    applies: supports('excerpt'),
    read: (post) => ({ raw: post.excerpt?.raw ?? '', rendered: post.excerpt?.rendered }),
  },
  {
    key: 'slug',
    label: 'Slug',
    format: 'text',
    applies: () => true,
    read: (p) => ({ raw: p.slug }),
  },
  {
    key: 'categories',
    label: 'Categories',
    format: 'ids',
    applies: taxonomy('category'),
    read: (post) => ({ raw: post.categories ?? [] }),
  },
  {
    key: 'tags',
    label: 'Tags',
    format: 'ids',
    applies: taxonomy('post_tag'),
    read: (post) => ({ raw: post.tags ?? [] }),
  },
  {
    key: 'featured_media',
    label: 'Featured image',
    format: 'number',
    applies: supports('thumbnail'),
    read: (post) => ({ raw: post.featured_media ?? 0 }),
  },
];

/** The field with this key. */
export function postField(key: PostFieldKey): PostField {
  return POST_FIELDS.find((field) => field.key === key)!;
}

/** Whether a stored value counts as "holds a value today" (G9). */
export function holdsValue(raw: unknown): boolean {
  if (typeof raw === 'string') return raw.trim() !== '';
  if (Array.isArray(raw)) return raw.length > 0;
  if (typeof raw === 'number') return raw !== 0;
  if (typeof raw === 'boolean') return raw;
  return raw !== null && raw !== undefined;
}

/** The post's registered meta (WordPress answers `[]` when there is none). */
export function metaOf(post: WpPost): Record<string, unknown> {
  return Array.isArray(post.meta) || !post.meta ? {} : post.meta;
}
