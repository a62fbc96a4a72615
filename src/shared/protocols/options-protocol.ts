import { z } from 'zod';
import { SiteAuditFilterSchema } from './options-site-audit-view';
import { SiteTargetShape } from './options-site-policy-view';
import { AuditRecordViewSchema, AuditStatusViewSchema } from './options-audit-view';

/**
 * What the options page asks the background (STYLE 2, S6): one-shot requests whose type
 * starts with `options-`, validated where they are received, and replies the page
 * validates in turn. Everything that needs the audit database, the tool registry or the
 * model SDK goes through here; settings the page may own (connection, retention, expiry)
 * it reads and writes through src/settings directly.
 */
export const OPTIONS_REQUEST_PREFIX = 'options-';

/** A3: the audit viewer's filters. `from` is inclusive, `to` exclusive (epoch ms). */
export const AuditFilterViewSchema = z.strictObject({
  threadId: z.string().min(1).max(200).optional(),
  tool: z.string().min(1).max(100).optional(),
  status: AuditStatusViewSchema.optional(),
  decidedBy: z.string().min(1).max(200).optional(),
  from: z.number().optional(),
  to: z.number().optional(),
});
export type AuditFilterView = z.infer<typeof AuditFilterViewSchema>;

/** Where a page of records stopped: the keyset cursor of the audit log. */
export const AuditCursorViewSchema = z.strictObject({ createdAt: z.number(), id: z.string() });
export type AuditCursorView = z.infer<typeof AuditCursorViewSchema>;

/** The export formats (A3). */
export const ExportFormatSchema = z.enum(['jsonl', 'csv']);
export type ExportFormat = z.infer<typeof ExportFormatSchema>;

/** Every request the options page may send. */
export const OptionsRequestSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('options-connection-test') }),
  z.strictObject({ type: z.literal('options-policy-get') }),
  z.strictObject({
    type: z.literal('options-policy-save'),
    /** The whole admin policy; validated in full before anything is stored. */
    policy: z.unknown(),
    /** The typed confirmation phrase when the policy turns on `"*": "allow"` (G2). */
    confirmation: z.string().max(200).optional(),
  }),
  z.strictObject({
    type: z.literal('options-rule-try'),
    tool: z.string().min(1).max(100),
    entry: z.unknown(),
    sample: z.unknown(),
    /** The site whose own tool (an ability) is tried; absent for the CMS's tools. */
    site: z.strictObject(SiteTargetShape).optional(),
  }),
  /** What a site adds to the tools (its abilities), read with the person's open admin tab. */
  z.strictObject({ type: z.literal('options-site-tools'), ...SiteTargetShape }),
  z.strictObject({
    type: z.literal('options-audit-query'),
    filter: AuditFilterViewSchema,
    cursor: AuditCursorViewSchema.nullable(),
    limit: z.int().min(1).max(200),
  }),
  z.strictObject({ type: z.literal('options-audit-record'), id: z.string().min(1).max(200) }),
  z.strictObject({ type: z.literal('options-refused-report') }),
  z.strictObject({ type: z.literal('options-retention-purge') }),
  z.strictObject({ type: z.literal('options-mirror-status') }),
  z.strictObject({ type: z.literal('options-site-who'), ...SiteTargetShape }),
  z.strictObject({
    type: z.literal('options-site-records'),
    siteRoot: z.url().max(2000),
    userId: z.string().min(1).max(40),
    filter: SiteAuditFilterSchema,
    cursor: z.string().max(500).nullable(),
  }),
  z.strictObject({ type: z.literal('options-site-chain'), ...SiteTargetShape }),
  z.strictObject({
    type: z.literal('options-site-export'),
    siteRoot: z.url().max(2000),
    userId: z.string().min(1).max(40),
    filter: SiteAuditFilterSchema,
    format: z.enum(['jsonl', 'csv']),
  }),
  z.strictObject({ type: z.literal('options-site-policy-get'), ...SiteTargetShape }),
  z.strictObject({
    type: z.literal('options-site-policy-save'),
    ...SiteTargetShape,
    /** G11: the version this write replaces; a stale one is refused, nothing overwritten. */
    replaces: z.int().nonnegative(),
    policy: z.unknown(),
  }),
  z.strictObject({
    type: z.literal('options-mirror-sync'),
    siteRoot: z.url().max(2000),
    userId: z.string().min(1).max(40),
  }),
]);
export type OptionsRequest = z.infer<typeof OptionsRequestSchema>;

/** A problem at one field of a form, so the page can show it there. */
export const FieldProblemSchema = z.object({
  /** The policy key (tool name or "*") the problem belongs to, or null for the form. */
  entry: z.string().nullable(),
  field: z.enum(['mode', 'rule', 'class', 'confirmation', 'file']).nullable(),
  message: z.string(),
});
export type FieldProblem = z.infer<typeof FieldProblemSchema>;

/** A reply: the value, or a wire error that may list problems field by field. */
export type OptionsReply<T> =
  | { ok: true; value: T }
  | { ok: false; error: { code: string; message: string; problems?: FieldProblem[] } };

/** Any reply, as the page validates it before reading the value. */
export const OptionsReplySchema = z.union([
  z.object({ ok: z.literal(true), value: z.unknown() }),
  z.object({
    ok: z.literal(false),
    error: z.object({
      code: z.string(),
      message: z.string(),
      problems: z.array(FieldProblemSchema).optional(),
    }),
  }),
]);

/** One page of audit records, newest first. */
export const AuditPageViewSchema = z.object({
  records: z.array(AuditRecordViewSchema),
  next: AuditCursorViewSchema.nullable(),
});
export type AuditPageView = z.infer<typeof AuditPageViewSchema>;

/** A4: one row of the refused-calls report. */
export const RefusedRowSchema = z.object({
  tool: z.string(),
  label: z.string(),
  count: z.int().nonnegative(),
  latestAt: z.number(),
  latestRecordId: z.string(),
  hasHint: z.boolean(),
  accessHint: z.string().optional(),
});
export type RefusedRow = z.infer<typeof RefusedRowSchema>;

/** The "Test connection" result, in words (never the key). */
export const ConnectionTestViewSchema = z.object({
  status: z.enum(['ok', 'invalid-key', 'unreachable', 'error', 'no-key']),
  message: z.string(),
});
export type ConnectionTestView = z.infer<typeof ConnectionTestViewSchema>;

/** What "Purge now" removed. */
export const PurgeViewSchema = z.object({ removed: z.int().nonnegative(), at: z.number() });
export type PurgeView = z.infer<typeof PurgeViewSchema>;

export * from './options-policy-view';
export * from './options-audit-view';
export * from './options-mirror-view';
export * from './options-site-audit-view';
export * from './options-site-policy-view';
