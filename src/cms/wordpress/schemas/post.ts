import { z } from 'zod';

/** A field WordPress returns as `raw` (context=edit) and `rendered`. */
export const RawRenderedSchema = z.looseObject({
  raw: z.string().optional(),
  rendered: z.string().optional(),
});

/** WordPress answers `[]` for an empty meta object. */
export const MetaSchema = z
  .union([z.record(z.string(), z.unknown()), z.array(z.unknown()).max(0)])
  .optional();

/**
 * A post, page or other posts-controller entity. Unknown fields are tolerated; the fields
 * the adapter relies on are checked.
 */
export const WpPostSchema = z.looseObject({
  id: z.number().int(),
  type: z.string(),
  status: z.string(),
  slug: z.string(),
  link: z.string(),
  modified_gmt: z.string().optional(),
  modified: z.string().optional(),
  date_gmt: z.string().nullable().optional(),
  author: z.number().int().optional(),
  parent: z.number().int().optional(),
  title: RawRenderedSchema.optional(),
  content: RawRenderedSchema.optional(),
  excerpt: RawRenderedSchema.optional(),
  featured_media: z.number().int().optional(),
  categories: z.array(z.number().int()).optional(),
  tags: z.array(z.number().int()).optional(),
  meta: MetaSchema,
  password: z.string().optional(),
  generated_slug: z.string().optional(),
  _links: z.record(z.string(), z.unknown()).optional(),
});
export type WpPost = z.infer<typeof WpPostSchema>;

/** A list of posts (search results, revisions). */
export const WpPostListSchema = z.array(WpPostSchema);

/** `DELETE …?force=true` answers the deleted post as `previous`. */
export const WpDeletedSchema = z.looseObject({
  deleted: z.literal(true),
  previous: WpPostSchema,
});

/** A revision (or autosave) from `…/<id>/revisions`: no type, status or link. */
export const WpRevisionListSchema = z.array(
  z.looseObject({
    id: z.number().int(),
    parent: z.number().int(),
    author: z.number().int().optional(),
    slug: z.string().optional(),
    modified_gmt: z.string().optional(),
    title: RawRenderedSchema.optional(),
    content: RawRenderedSchema.optional(),
    excerpt: RawRenderedSchema.optional(),
  }),
);
