import { v7 as uuidv7 } from 'uuid';
import { z } from 'zod';
import { UndoStateSchema } from './undo-state';

import { AuditStatusSchema, ApprovalModeSchema } from '../shared/vocabulary';

// A1's statuses and G1's modes are written once, in src/shared/vocabulary.ts.
export { AuditStatusSchema, ApprovalModeSchema };
export type { AuditStatus, ApprovalMode } from '../shared/vocabulary';

/** Who asked for the call: the model, or a person through a panel command. */
export const TransportSchema = z.enum(['agent', 'command']);
export type Transport = z.infer<typeof TransportSchema>;

/**
 * T2 classification as it was when the call was gated, reduced to data: `draft` is the
 * evaluated answer of the tool's `draft(input, facts)`, not the function. `null` stands
 * for an unclassified tool. The kinds mirror `ToolKind` in src/tools (audit may not
 * import tools, so the list is repeated here).
 */
export const ClassificationSnapshotSchema = z
  .object({
    kind: z.enum(['read', 'write', 'run', 'send', 'delete']),
    destructive: z.boolean(),
    whole: z.boolean().optional(),
    draft: z.boolean().optional(),
  })
  .nullable();
export type ClassificationSnapshot = z.infer<typeof ClassificationSnapshotSchema>;

/** A6 / T4: one configuration item a call saves or deletes, with both values. */
export const ConfigChangeRecordSchema = z.object({
  key: z.string().min(1),
  current: z.unknown(),
  proposed: z.unknown(),
  deleted: z.boolean().optional(),
});
export type ConfigChangeRecord = z.infer<typeof ConfigChangeRecordSchema>;

/**
 * S4: a failure is stored as its code and class only. The character set leaves no room
 * for a sentence, so a raw message (which may carry credentials) cannot slip in.
 */
const Identifier = z
  .string()
  .min(1)
  .max(80)
  .regex(/^[A-Za-z0-9_.:-]+$/, 'an identifier, not a message');
export const RecordErrorSchema = z.object({ code: Identifier, class: Identifier.optional() });
export type RecordError = z.infer<typeof RecordErrorSchema>;

/** How many fields an edit before approval may name (issue 36). */
export const EDITED_FIELDS_MAX = 50;

/**
 * Issue 36: the person edited the proposal before approving it. The record's `input` and
 * `payloadHash` stay the model's proposal; this is what the person approved (and what ran),
 * with its own hash, and the fields they changed. Set with the `approved` step.
 */
export const ApprovedEditSchema = z.object({
  input: z.unknown(),
  payloadHash: z.string().regex(/^[0-9a-f]{64}$/),
  fields: z.array(z.string().min(1).max(100)).min(1).max(EDITED_FIELDS_MAX),
});
export type ApprovedEdit = z.infer<typeof ApprovedEditSchema>;

/** Whose thread the call belongs to (G7 binds decisions to it). */
export const RecordOwnerSchema = z.object({
  userId: z.string().min(1),
  siteOrigin: z.string().min(1),
  /**
   * The site's REST root: two sites may share an origin (a subdirectory multisite, two
   * installs on one host). Absent only in what was written before sites were told apart;
   * read as the origin's root site (see {@link siteRootOf}).
   */
  siteRoot: z.string().min(1).optional(),
});
export type RecordOwner = z.infer<typeof RecordOwnerSchema>;

/** The REST root an owner names; an owner written before roots were kept: the origin's root site. */
export function siteRootOf(owner: RecordOwner): string {
  return owner.siteRoot ?? `${owner.siteOrigin}/wp-json/`;
}

/** Whether two owners are the same person on the same site (user, origin and REST root). */
export function sameOwner(a: RecordOwner, b: RecordOwner): boolean {
  return a.userId === b.userId && a.siteOrigin === b.siteOrigin && siteRootOf(a) === siteRootOf(b);
}

/** One step of a record's life, appended and never rewritten. */
export const HistoryEntrySchema = z.object({
  status: AuditStatusSchema,
  at: z.number(),
  by: z.string().nullable(),
});
export type HistoryEntry = z.infer<typeof HistoryEntrySchema>;

export { DECIDED_BY_EXPIRY, DECIDED_BY_POLICY } from '../shared/vocabulary';

/** The fields a caller supplies when a call is first recorded. */
export const NewToolCallRecordSchema = z.object({
  /** Generated once by the caller (see `newRecordId`) so a resumed worker reuses it. */
  id: z.string().min(1),
  threadId: z.string().min(1),
  owner: RecordOwnerSchema,
  tool: z.string().min(1),
  input: z.unknown(),
  /** SHA-256 of the canonical JSON payload, hex (G6). */
  payloadHash: z.string().min(1),
  status: AuditStatusSchema,
  mode: ApprovalModeSchema,
  classification: ClassificationSnapshotSchema,
  transport: TransportSchema,
  /** The call's position in its model turn (P5). */
  position: z.number().int().nonnegative(),
  decidedBy: z.string().min(1).nullable().default(null),
  decidedAt: z.number().nullable().default(null),
  /** What the model was told when the call did not run (refusal, note, skip, expiry). */
  outcome: z.string().max(2000).optional(),
  resultSummary: z.string().max(2000).optional(),
  reasoning: z.string().optional(),
  configChanges: z.array(ConfigChangeRecordSchema).optional(),
  /** E4: the before-state of a write that ran, for its Undo. */
  undo: UndoStateSchema.optional(),
  /** Issue 36: the person's edited input that was approved instead of `input`. */
  approvedEdit: ApprovedEditSchema.optional(),
  error: RecordErrorSchema.optional(),
  /** Epoch milliseconds; defaults to the log's clock. */
  createdAt: z.number().optional(),
});
export type NewToolCallRecord = z.input<typeof NewToolCallRecordSchema>;

/** A1: the stored record, validated whenever it is read back. */
export const ToolCallRecordSchema = NewToolCallRecordSchema.extend({
  createdAt: z.number(),
  updatedAt: z.number(),
  /** Bumped by every write; the mirror dedupes on `id` + `version` (A5). */
  version: z.number().int().positive(),
  history: z.array(HistoryEntrySchema).min(1),
});
export type ToolCallRecord = z.infer<typeof ToolCallRecordSchema>;

/**
 * A fresh, globally unique record id. Generate it once and keep it in the run state.
 * A UUID version 7 (RFC 9562): its first 48 bits are the time, so ids sort by creation and
 * the records a retention purge removes (A2) sit next to each other in the primary key,
 * where a few range deletes remove them (random ids scatter them among the kept ones).
 */
export function newRecordId(): string {
  return uuidv7();
}
