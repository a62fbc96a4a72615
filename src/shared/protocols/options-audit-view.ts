import { z } from 'zod';
import { AuditStatusSchema, type AuditStatus } from '../vocabulary';

/**
 * A1 as the options page reads it. The audit log (src/audit) owns the stored shape and
 * validates every record it reads; the page may not import the audit database, so it
 * reads the statuses from the one shared vocabulary.
 */
export const AuditStatusViewSchema = AuditStatusSchema;
export type AuditStatusView = AuditStatus;

/** One audit record, everything the record view shows. */
export const AuditRecordViewSchema = z.object({
  id: z.string(),
  threadId: z.string(),
  owner: z.object({ userId: z.string(), siteOrigin: z.string() }),
  tool: z.string(),
  input: z.unknown(),
  payloadHash: z.string(),
  status: AuditStatusViewSchema,
  mode: z.string(),
  classification: z
    .object({
      kind: z.string(),
      destructive: z.boolean(),
      whole: z.boolean().optional(),
      draft: z.boolean().optional(),
    })
    .nullable(),
  transport: z.string(),
  position: z.number(),
  decidedBy: z.string().nullable(),
  decidedAt: z.number().nullable(),
  outcome: z.string().optional(),
  resultSummary: z.string().optional(),
  reasoning: z.string().optional(),
  configChanges: z
    .array(
      z.object({
        key: z.string(),
        current: z.unknown(),
        proposed: z.unknown(),
        deleted: z.boolean().optional(),
      }),
    )
    .optional(),
  /** Issue 36: the person's edited version, approved (and run) instead of `input`. */
  approvedEdit: z
    .object({ input: z.unknown(), payloadHash: z.string(), fields: z.array(z.string()) })
    .optional(),
  error: z.object({ code: z.string(), class: z.string().optional() }).optional(),
  createdAt: z.number(),
  updatedAt: z.number(),
  version: z.number(),
  history: z.array(z.object({ status: z.string(), at: z.number(), by: z.string().nullable() })),
});
export type AuditRecordView = z.infer<typeof AuditRecordViewSchema>;
