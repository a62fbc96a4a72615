import { z } from 'zod';

/** Which editor is open on the page, if any. */
export const EditorKindSchema = z.enum(['block', 'classic', 'none']);

/**
 * What a content script read from a CMS admin page, validated before it leaves the page
 * and again when the background receives it. The REST nonce is kept apart: it lives only
 * in memory or session storage, never in anything persisted.
 */
export const PageContextSchema = z
  .object({
    /** The adapter that read the page (`CmsAdapter.id`). */
    cms: z.string().min(1).max(40),
    /** The page's own origin; the REST root must share it. */
    origin: z.url().describe('origin of the admin page'),
    siteUrl: z.url(),
    adminUrl: z.url(),
    restRoot: z.url(),
    adminAjaxUrl: z.url(),
    userId: z.number().int().positive(),
    screen: z.object({
      pagenow: z.string().max(100),
      typenow: z.string().max(100),
      adminpage: z.string().max(100),
    }),
    entity: z
      .object({ id: z.number().int().positive(), type: z.string().min(1).max(100) })
      .optional(),
    editor: EditorKindSchema,
    /** The site's WordPress version, from the admin page's `version-6-5-5` body class. */
    wpVersion: z
      .string()
      .regex(/^\d{1,3}(\.\d{1,3}){1,2}$/)
      .optional(),
  })
  .superRefine((context, issues) => {
    for (const key of ['siteUrl', 'adminUrl', 'restRoot', 'adminAjaxUrl'] as const) {
      if (new URL(context[key]).origin !== context.origin) {
        issues.addIssue({
          code: 'custom',
          path: [key],
          message: `${key} is on another origin than the page (${context.origin})`,
        });
      }
    }
  });
export type PageContext = z.infer<typeof PageContextSchema>;

/** A REST nonce as WordPress issues it (ten hex characters). */
export const NonceSchema = z.string().regex(/^[a-f0-9]{10}$/i, 'not a WordPress REST nonce');
