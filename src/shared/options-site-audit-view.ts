import { z } from 'zod';
import { AuditRecordViewSchema } from './options-audit-view';
import { AuditStatusSchema } from './vocabulary';

/** A3 on the site: the filters of the plugin's `GET /records` (docs/server-api.md). */
export const SiteAuditFilterSchema = z.strictObject({
  thread: z.string().min(1).max(191).optional(),
  tool: z.string().min(1).max(100).optional(),
  status: AuditStatusSchema.optional(),
  user: z
    .string()
    .regex(/^\d{1,20}$/, 'a WordPress user id')
    .optional(),
  from: z.number().optional(),
  to: z.number().optional(),
});
export type SiteAuditFilter = z.infer<typeof SiteAuditFilterSchema>;

/** A record as the site returns it: the extension's fields, the owner's name, when stored. */
export const SiteRecordViewSchema = AuditRecordViewSchema.extend({
  owner: z.object({
    userId: z.string(),
    siteOrigin: z.string(),
    displayName: z.string().max(250).optional(),
  }),
  receivedAt: z.number().optional(),
  /** The display name of the person who decided the call, when that is not its owner. */
  decidedByName: z.string().max(250).optional(),
});
export type SiteRecordView = z.infer<typeof SiteRecordViewSchema>;

/** One page of the site's audit, newest first. */
export const SiteAuditPageSchema = z.object({
  records: z.array(SiteRecordViewSchema),
  nextCursor: z.string().max(500).nullable(),
  /** The site lists every user's records (the person holds the read capability). */
  everyone: z.boolean(),
});
export type SiteAuditPage = z.infer<typeof SiteAuditPageSchema>;

/** An export of the site's audit, as the site streamed it. */
export const SiteExportViewSchema = z.object({ text: z.string(), filename: z.string() });
