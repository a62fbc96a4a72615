import { z } from 'zod';
import { AuditRecordViewSchema } from './options-audit-view';
import { AuditStatusSchema } from '../vocabulary';

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

/**
 * A7: what the site attests about a record (it saw the sender and when each version came;
 * it saw a second approver decide through its own routes; it wrote a policy change itself),
 * and the fields only the browser reported.
 */
export const SiteAttestationSchema = z.object({
  site: z.object({
    sender: z.object({
      userId: z.string().max(40),
      login: z.string().max(60),
      displayName: z.string().max(250),
    }),
    receivedAt: z.number(),
    firstReceivedAt: z.number(),
    writtenBySite: z.boolean(),
    decision: z
      .object({
        status: z.string().max(20),
        by: z.string().max(40),
        login: z.string().max(60),
        name: z.string().max(250),
        at: z.number(),
      })
      .nullable(),
  }),
  reported: z.array(z.string().max(40)).max(20),
});
export type SiteAttestation = z.infer<typeof SiteAttestationSchema>;

/** The problems the site's chain check names (docs/server-api.md `GET /records/chain`). */
export const ChainProblemSchema = z.enum([
  'missing',
  'unlinked',
  'altered',
  'truncated',
  'changed',
  'deleted',
  'unchained',
]);
export type ChainProblem = z.infer<typeof ChainProblemSchema>;

/** A7: the site's audit chain as the site verified it just now. */
export const SiteChainViewSchema = z.object({
  intact: z.boolean(),
  rows: z.number().int().min(0),
  breaks: z
    .array(
      z.object({
        position: z.number().int().min(0).nullable(),
        recordId: z.string().max(100).nullable(),
        problem: ChainProblemSchema,
      }),
    )
    .max(20),
});
export type SiteChainView = z.infer<typeof SiteChainViewSchema>;

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
  /** A7: what the site attests (absent from plugins older than schema 5). */
  attestation: SiteAttestationSchema.optional(),
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
export const SiteExportViewSchema = z.object({
  text: z.string(),
  filename: z.string(),
  /** A7: the site's `X-Countersign-Chain` header, as sent (null: a plugin without the chain). */
  chain: z.string().max(200).nullable().default(null),
});
