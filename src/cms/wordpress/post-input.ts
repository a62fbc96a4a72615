import { z } from 'zod';

/** Limits on values from the model (T5): generous for real content, refusing the absurd. */
export const LIMITS = {
  title: 1_000,
  content: 500_000,
  excerpt: 10_000,
  slug: 200,
  terms: 100,
  metaValue: 100_000,
} as const;

/** The post type slug of the entity a tool names. */
export const typeField = z
  .string()
  .regex(/^[a-z0-9_-]{1,20}$/, 'a post type slug is 1-20 lowercase letters, digits, _ or -')
  .describe('Post type slug, such as "post" or "page" (wp_list_types lists them).');

/** The id of the entity a tool names. */
export const idField = z
  .number()
  .int()
  .positive()
  .max(2 ** 31 - 1)
  .describe('Id of the entry (post, page or other post type), as wp_search_content returns it.');

const termIds = (what: string) =>
  z
    .array(
      z
        .number()
        .int()
        .positive()
        .max(2 ** 31 - 1)
        .describe(`A ${what} id.`),
    )
    .max(LIMITS.terms)
    .describe(`${what[0]!.toUpperCase()}${what.slice(1)} ids, replacing the current list.`);

/** The content fields a write may set; each optional, so a patch names only what changes. */
export const postValueFields = {
  // WordPress trims every title it saves (title_save_pre); trimming here makes the card
  // show, and the payload hash bind, exactly what will be stored.
  title: z
    .string()
    .trim()
    .max(LIMITS.title)
    .optional()
    .describe('Title, as raw text or light HTML.'),
  content: z
    .string()
    .max(LIMITS.content)
    .optional()
    .describe('Whole content as raw HTML with block comments, like content.raw of wp_get_entity.'),
  excerpt: z.string().max(LIMITS.excerpt).optional().describe('Excerpt (raw HTML).'),
  slug: z
    .string()
    .max(LIMITS.slug)
    .regex(/^[a-z0-9-]*$/, 'a slug is lowercase letters, digits and hyphens')
    .optional()
    .describe('URL slug: lowercase letters, digits and hyphens.'),
  categories: termIds('category').optional(),
  tags: termIds('tag').optional(),
  featured_media: z
    .number()
    .int()
    .min(0)
    .max(2 ** 31 - 1)
    .optional()
    .describe('Media id of the featured image (an image); 0 removes it.'),
  meta: z
    .record(
      z.string().min(1).max(255).describe('A meta key the post type exposes to REST.'),
      z
        .union([z.string().max(LIMITS.metaValue), z.number(), z.boolean()])
        .describe('The new meta value.'),
    )
    .optional()
    .describe('Registered meta fields to set, by key (only keys wp_get_entity shows in meta).'),
};

/** The value keys, for `classification.changes.values`. */
export const POST_VALUE_KEYS = Object.keys(postValueFields);

/** The input of every tool that names one entity. */
export const entityRefFields = { type: typeField, id: idField };
