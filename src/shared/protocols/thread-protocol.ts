import { z } from 'zod';
import { ApprovalCardSchema, ConfigItemSchema, ResultCardSchema } from './card-protocol';

export * from './card-protocol';

/**
 * What the side panel and the background say about threads, over a long-lived port
 * (`chrome.runtime.connect({ name: 'thread' })`). The background owns threads; the panel
 * renders the views it receives and sends back requests and decisions (S6: only
 * extension pages may connect). Views are snapshots: a reopened panel gets the same
 * picture the running one had (C6); streaming text arrives as deltas between snapshots.
 */

export const ThreadItemSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('user'), id: z.string(), text: z.string(), at: z.number() }),
  z.object({
    kind: z.literal('assistant'),
    id: z.string(),
    text: z.string(),
    incomplete: z.boolean().optional(),
  }),
  z.object({ kind: z.literal('thinking'), id: z.string(), text: z.string() }),
  z.object({
    kind: z.literal('tool'),
    id: z.string(),
    tool: z.string(),
    label: z.string(),
    status: z.enum([
      'running',
      'run',
      'failed',
      'refused',
      'skipped',
      'rejected',
      'expired',
      'pending',
      'approved',
    ]),
    summary: z.string().optional(),
    /** The summary is the person's words (the tool gave them), not the model's first line. */
    summaryTranslated: z.literal(true).optional(),
    /** What a site's ability answered (JSON text), opened under the row; data, never markup. */
    answer: z.string().max(4000).optional(),
  }),
  z.object({
    kind: z.literal('approval'),
    id: z.string(),
    card: ApprovalCardSchema,
    decided: z.enum(['approved', 'rejected', 'expired']).optional(),
  }),
  z.object({ kind: z.literal('result'), id: z.string(), card: ResultCardSchema }),
  z.object({
    kind: z.literal('notice'),
    id: z.string(),
    level: z.enum(['info', 'warning', 'error']),
    message: z.string(),
  }),
  z.object({
    kind: z.literal('links'),
    id: z.string(),
    title: z.string(),
    links: z.array(
      z.object({ label: z.string(), detail: z.string().optional(), href: z.string() }),
    ),
  }),
]);
export type ThreadItem = z.infer<typeof ThreadItemSchema>;

export const ThreadViewSchema = z.object({
  threadId: z.string(),
  title: z.string(),
  /** R6: the thread holds words others may have written. */
  untrusted: z.boolean(),
  /** 'agent' with an API key; 'commands' without one (R3). */
  mode: z.enum(['agent', 'commands']),
  /** The agent is working; `since`: where that began (S5, answer-catch-up.ts). */
  busy: z.boolean(),
  /** G6: the record id of the call waiting for a decision. */
  pending: z.string().nullable(),
  /** G14: tools allowed for the rest of this thread. */
  grants: z.array(z.object({ tool: z.string(), label: z.string() })),
  items: z.array(ThreadItemSchema),
  model: z.string().optional(),
  since: z
    .object({
      transcript: z.number().int(),
      answers: z.number().int(),
      /** The person's texts in the run and the view's items at the mark (optional: older marks). */
      said: z.number().int().optional(),
      items: z.number().int().optional(),
      /** When the operation began (epoch ms): the audit records it made are newer. */
      at: z.number().optional(),
      /** R1: the edit this operation makes, done again by a restart that finds it unsaved. */
      edit: z.object({ index: z.number().int().nonnegative(), text: z.string() }).optional(),
    })
    .optional(),
});
export type ThreadView = z.infer<typeof ThreadViewSchema>;

export const ThreadSummarySchema = z.object({
  threadId: z.string(),
  title: z.string(),
  updatedAt: z.number(),
  pending: z.boolean(),
});
export type ThreadSummary = z.infer<typeof ThreadSummarySchema>;
/** The longest message (or edited message) the background accepts. */
export const MAX_MESSAGE_LENGTH = 20_000;
/** Issue 36: the longest value a person may type for one field of a proposal (content). */
export const MAX_EDITED_VALUE = 200_000;

/** Panel → background. */
export const ThreadRequestSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('thread-list') }),
  z.object({
    type: z.literal('thread-open'),
    threadId: z.string().optional(),
    tabId: z.number().int().nonnegative(),
    fresh: z.boolean().optional(), // a new thread even when the latest could be reused
    /** Issue 15: send only the thread's last `shown` items (all when absent). */
    shown: z.number().int().positive().optional(),
  }),
  /** Issue 15: the panel shows the last `shown` items of the thread now ("Show earlier"). */
  z.object({
    type: z.literal('items-show'),
    threadId: z.string(),
    shown: z.number().int().positive(),
  }),
  z.object({
    type: z.literal('message-edit'),
    threadId: z.string(),
    itemId: z.string(), // the id of the person's message item being replaced (R1 edit).
    text: z.string().min(1).max(MAX_MESSAGE_LENGTH),
  }),
  z.object({
    type: z.literal('message-send'),
    threadId: z.string(),
    text: z.string().min(1).max(MAX_MESSAGE_LENGTH),
  }),
  z.object({
    type: z.literal('decision'),
    threadId: z.string(),
    tabId: z.number().int().nonnegative(), // the panel's tab: its session decides (G7, A1)
    recordId: z.string(),
    payloadHash: z.string().regex(/^[a-f0-9]{64}$/),
    targetModified: z.string().nullable(), // the decided card's stamp (G13)
    approve: z.boolean(),
    note: z.string().max(2000).optional(),
    grantThread: z.boolean().optional(),
    /** E2/E3: the person chose to apply over what the card said of the open editor. */
    overEditor: z.boolean().optional(),
    /** Issue 36 item 1: the later calls shown with this card, each decided (G7: its hash). */
    batch: z
      .array(
        z.object({
          recordId: z.string(),
          payloadHash: z.string().regex(/^[a-f0-9]{64}$/),
          targetModified: z.string().nullable(),
          approve: z.boolean(),
        }),
      )
      .max(50)
      .optional(),
  }),
  z.object({
    /**
     * Issue 36: the person's own version of text fields of the pending call (`null`: the
     * model's proposal again). Checked as a proposal is; the card comes back with its hash.
     */
    type: z.literal('amend'),
    threadId: z.string(),
    tabId: z.number().int().nonnegative(), // the panel's tab: its session is the editor (G7)
    recordId: z.string(),
    payloadHash: z.string().regex(/^[a-f0-9]{64}$/),
    targetModified: z.string().nullable(),
    fields: z.record(z.string().max(100), z.string().max(MAX_EDITED_VALUE)).nullable(),
    /** Item 3: fields to leave as they are on the site, and fields to take back. */
    drop: z.array(z.string().max(100)).max(50).optional(),
    restore: z.array(z.string().max(100)).max(50).optional(),
  }),
  z.object({ type: z.literal('grant-revoke'), threadId: z.string(), tool: z.string() }),
  z.object({ type: z.literal('publish'), threadId: z.string(), recordId: z.string() }),
  z.object({ type: z.literal('undo'), threadId: z.string(), recordId: z.string() }),
  z.object({ type: z.literal('model-set'), threadId: z.string(), model: z.string() }),
]);
export type ThreadRequest = z.infer<typeof ThreadRequestSchema>;

/** A6: one write's settings changes, as the thread header lists them. */
export const ThreadConfigChangeSchema = z.object({
  recordId: z.string(),
  toolLabel: z.string(),
  items: z.array(ConfigItemSchema),
});
export type ThreadConfigChange = z.infer<typeof ThreadConfigChangeSchema>;

/**
 * Issue 15: what a view sent as its last items leaves out: how many items come before
 * them, and the settings changes among those (the header counts the whole thread's, A6).
 */
export const EarlierItemsSchema = z.object({
  count: z.number().int().positive(),
  configChanges: z.array(ThreadConfigChangeSchema),
});
export type EarlierItems = z.infer<typeof EarlierItemsSchema>;

/** Background → panel. */
export const ThreadPushSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('thread-view'),
    view: ThreadViewSchema,
    /** Present when `view.items` are only the thread's last items (a panel's `shown`). */
    earlier: EarlierItemsSchema.optional(),
  }),
  z.object({
    type: z.literal('text-delta'),
    threadId: z.string(),
    itemId: z.string(),
    text: z.string(),
  }),
  z.object({ type: z.literal('thread-list'), threads: z.array(ThreadSummarySchema) }),
  z.object({ type: z.literal('error'), code: z.string(), message: z.string() }),
]);
export type ThreadPush = z.infer<typeof ThreadPushSchema>;
