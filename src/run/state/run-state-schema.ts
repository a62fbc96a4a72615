import { z } from 'zod';
import { AuditStatusSchema, EDITED_FIELDS_MAX, RecordOwnerSchema } from '../../audit';
import { PolicyModeSchema, ThreadGrantSchema } from '../../gate';
import { SecondApproverRequirementSchema } from '../../gate/approver-policy';
import { ResultDisplaySchema } from '../../tools/result-display';
import { WriteCardDataSchema } from '../../tools/write-card';
import { TranscriptMessageSchema } from '../model-port';

/** The run-state format this code writes. Older formats are migrated on read. */
export const RUN_STATE_VERSION = 1;

/** P2: a stored preview has at most this many lines of at most this many characters. */
export const PREVIEW_MAX_LINES = 20;
export const PREVIEW_MAX_CHARS = 500;

/**
 * P1-P3, P5: the preview of one offered call, bound to the call's position in
 * `turn.calls` (not its position in the model reply; see P5 in docs/run-loop.md).
 * `failed` marks a preview that threw or returned nothing; it keeps the error class only.
 */
export const StoredPreviewSchema = z.strictObject({
  position: z.number().int().nonnegative(),
  tool: z.string().min(1),
  lines: z.array(z.string().max(PREVIEW_MAX_CHARS)).max(PREVIEW_MAX_LINES),
  failed: z.strictObject({ errorClass: z.string().min(1).max(80) }).optional(),
  /**
   * C1: the card data of a content write, built in the same gate pass from the same read
   * (issue 35): the card shows it without asking the CMS again. Absent in states saved
   * before, whose card reads afresh.
   */
  card: WriteCardDataSchema.optional(),
});
export type StoredPreview = z.infer<typeof StoredPreviewSchema>;

/** G6, G7, G13, G14: what the card of a pending call was built from. */
export const ApprovalSchema = z.strictObject({
  payloadHash: z.string().regex(/^[0-9a-f]{64}$/),
  askedAt: z.number(),
  reason: z.string(),
  mode: PolicyModeSchema,
  /** G14: whether the card may offer "allow this tool for the rest of the thread". */
  canGrantOnce: z.boolean(),
  /** G13: the target's `modified` when the card was built; null when the tool gives none. */
  targetModified: z.string().nullable(),
  /** G13: for a configuration write, the current values of the items it changes then. */
  targetSettings: z.record(z.string(), z.unknown()).optional(),
  /**
   * G15: the gate sent the call to a second approver (or the site's approvals could not be
   * read): only a decision countersigned on the site approves it, never the requester's own.
   */
  secondApprover: SecondApproverRequirementSchema.optional(),
  /**
   * G13, G15: SHA-256 (hex) of the canonical `targetSettings`, part of the card's stamp so
   * that a decision taken on the old values (a second approver's, kept by the site) no
   * longer matches once they changed. States from before it read without it.
   */
  settingsHash: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .optional(),
});
export type Approval = z.infer<typeof ApprovalSchema>;

/**
 * What the model is told about a finished call (`content`), and the status it was recorded
 * with. A call that ran also keeps its summary and what the panel shows of it (`display`),
 * apart from the text: states written before they existed read without them.
 */
export const CallResultSchema = z.strictObject({
  content: z.string(),
  isError: z.boolean(),
  status: AuditStatusSchema,
  summary: z.string().optional(),
  display: ResultDisplaySchema.optional(),
});
export type CallResult = z.infer<typeof CallResultSchema>;

/**
 * Where a call of the turn stands. `executing` is the intent: written durably before the
 * tool runs, so a restarted worker knows the outcome is unknown and never runs it again.
 */
export const CallStatusSchema = z.enum(['waiting', 'pending', 'executing', 'done']);
export type CallStatus = z.infer<typeof CallStatusSchema>;

/** One tool_use of the model reply being processed. */
export const TurnCallSchema = z
  .strictObject({
    /** Position in the model reply; the audit record's `position`. */
    position: z.number().int().nonnegative(),
    toolUseId: z.string().min(1),
    tool: z.string().min(1),
    /** The model's raw input; validated again before every use (T5). */
    input: z.unknown(),
    /** Generated when the reply arrived, so a resumed worker reuses the same record. */
    recordId: z.string().min(1),
    status: CallStatusSchema,
    approval: ApprovalSchema.optional(),
    /** When the intent to execute was recorded. */
    intentAt: z.number().optional(),
    result: CallResultSchema.optional(),
    /** The input held this key (e.g. `__proto__`) and was withheld; the call is refused. */
    unsafeKey: z.string().optional(),
    /** G13, U1: a person's call bound to the target as they reviewed it (PersonCall). */
    reviewedModified: z.string().optional(),
    /** S5: sent once more after a worker stopped mid-call (`Tool.retryOnce`); never again. */
    retried: z.literal(true).optional(),
    /**
     * Issue 36 item 1: a later call of the reply shown with the pending one, as its card
     * was built (the gate asked, nothing recorded yet): the hash and stamp a decision on
     * the whole turn binds to.
     */
    offered: z
      .strictObject({
        payloadHash: z.string().regex(/^[0-9a-f]{64}$/),
        targetModified: z.string().nullable(),
        reason: z.string(),
        mode: PolicyModeSchema,
      })
      .optional(),
    /**
     * Issue 36 item 1: the person's decision on this waiting call, taken with the turn's
     * first pending call. Applied when the call is reached, only if its gate pass still
     * gives the same hash and target (G7, G13); else the call asks alone.
     */
    preDecision: z
      .strictObject({
        approve: z.boolean(),
        payloadHash: z.string().regex(/^[0-9a-f]{64}$/),
        targetModified: z.string().nullable(),
        decidedBy: z.string().min(1),
        at: z.number(),
        note: z.string().max(2000).optional(),
      })
      .optional(),
    /**
     * Issue 36: the person edited the proposal on its card; `input` is then their version
     * and this keeps what the model proposed, its hash and the fields that differ.
     */
    proposed: z
      .strictObject({
        input: z.unknown(),
        payloadHash: z.string().regex(/^[0-9a-f]{64}$/),
        fields: z.array(z.string().min(1).max(100)).min(1).max(EDITED_FIELDS_MAX),
      })
      .optional(),
  })
  .superRefine((call, ctx) => {
    const need = { pending: 'approval', executing: 'intentAt', done: 'result' } as const;
    const field = call.status === 'waiting' ? undefined : need[call.status];
    if (field && call[field] === undefined) {
      ctx.addIssue({ code: 'custom', path: [field], message: `required when ${call.status}` });
    }
  });
export type TurnCall = z.infer<typeof TurnCallSchema>;

/** G8, G12: after a rejection or an expiry, the later calls of the reply are skipped. */
export const SkipRestSchema = z.strictObject({
  reason: z.enum(['rejected', 'expired']),
  tool: z.string(),
});
export type SkipRest = z.infer<typeof SkipRestSchema>;

/** The model reply being processed: its calls in order and their previews. */
export const TurnSchema = z.strictObject({
  id: z.string().min(1),
  startedAt: z.number(),
  /** R4: the reply's thinking, kept as `reasoning` on each call's audit record. */
  reasoning: z.string().optional(),
  /**
   * E4: `person` marks a turn a person opened from the panel (Undo): its call passes the
   * gate like any other; closing it adds nothing to the transcript, and a call that ran
   * leaves a note for the model's next turn (`modelNotes`).
   */
  origin: z.literal('person').optional(),
  calls: z.array(TurnCallSchema),
  previews: z.array(StoredPreviewSchema),
  skipRest: SkipRestSchema.optional(),
  /**
   * Issue 36 item 1: the first later call that could not be shown with the pending one
   * (its target depends on an earlier call, or it needs another person), and why.
   */
  batchStop: z.strictObject({ position: z.number().int(), reason: z.string() }).optional(),
});
export type Turn = z.infer<typeof TurnSchema>;

/** G7: a refused decision, kept (the last few) so the thread shows the attempt. */
export const RefusedDecisionSchema = z.strictObject({
  at: z.number(),
  recordId: z.string(),
  userId: z.string(),
  code: z.string(),
});
export type RefusedDecision = z.infer<typeof RefusedDecisionSchema>;

/** How many refused decisions the state keeps. */
export const REFUSED_DECISIONS_KEPT = 20;

/** E4: how many notes for the model's next turn the state keeps, and how long each is. */
export const MODEL_NOTES_KEPT = 20;
export const MODEL_NOTE_MAX = 2000;
/** How a note for the model starts, so the person's own messages are told apart (R1 edit). */
export const MODEL_NOTE_PREFIX = '[A note from Countersign, not typed by the person]';

/** The run state, version 1: the cursor a restarted worker resumes from (STYLE 5, 6). */
export const RunStateV1Schema = z.strictObject({
  schemaVersion: z.literal(1),
  threadId: z.string().min(1),
  owner: z.strictObject(RecordOwnerSchema.shape),
  createdAt: z.number(),
  updatedAt: z.number(),
  /** Bumped by every save. */
  revision: z.number().int().nonnegative(),
  transcript: z.array(TranscriptMessageSchema),
  /** R6, S2: the thread holds words others may have written. Never goes back to false. */
  untrusted: z.boolean(),
  /** G14: "allow this tool for the rest of the thread". */
  grants: z.array(ThreadGrantSchema),
  turn: TurnSchema.nullable(),
  refusedDecisions: z.array(RefusedDecisionSchema).max(REFUSED_DECISIONS_KEPT),
  /**
   * E4: what the person did from the panel since the model's last turn (an Undo that ran),
   * said to the model with the person's next message, so its next turn knows.
   */
  modelNotes: z.array(z.string().max(MODEL_NOTE_MAX)).max(MODEL_NOTES_KEPT).optional(),
});
export type RunState = z.infer<typeof RunStateV1Schema>;
