import { z } from 'zod';
import { AdminScreenSchema } from '../vocabulary';

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
    /** Where a fresh request token is fetched (WordPress: its `admin-ajax.php`). */
    tokenUrl: z.url(),
    userId: z.number().int().positive(),
    /** The admin screen, as the adapter read it from the page. */
    screen: z.object({
      /** The CMS's own name for the screen (WordPress: `pagenow`), shown when no other fits. */
      id: z.string().max(100),
      /** What it shows: an editor of one entry, a list of entries, or another screen. */
      view: z.enum(['editor', 'list', 'other']),
      /** The content type it is about (WordPress: `typenow`); empty when none. */
      contentType: z.string().max(100),
      /** A screen people know by name, when it is one. */
      named: AdminScreenSchema.optional(),
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
    for (const key of ['siteUrl', 'adminUrl', 'restRoot', 'tokenUrl'] as const) {
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
