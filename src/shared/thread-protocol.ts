import { z } from 'zod';
import { EditorNoticeSchema, EditorResultSchema } from './editor-protocol';
import { ResultUndoSchema } from './undo-protocol';

/**
 * What the side panel and the background say about threads, over a long-lived port
 * (`chrome.runtime.connect({ name: 'thread' })`). The background owns threads; the panel
 * renders the views it receives and sends back requests and decisions (S6: only
 * extension pages may connect). Views are snapshots: a reopened panel gets the same
 * picture the running one had (C6); streaming text arrives as deltas between snapshots.
 */

export const FieldChangeSchema = z.object({
  key: z.string(),
  label: z.string(),
  current: z.string(),
  proposed: z.string(),
  /** WordPress's rendered HTML of each side, when the field is HTML (sanitized before display). */
  currentRendered: z.string().optional(),
  proposedRendered: z.string().optional(),
  format: z.enum(['text', 'html']),
});
export type FieldChange = z.infer<typeof FieldChangeSchema>;
export const MediaRefSchema = z.object({
  id: z.number(),
  name: z.string(),
  mimeType: z.string().optional(),
  thumbnailUrl: z.string().optional(),
});

export const ArgumentSchema = z.object({
  key: z.string(),
  value: z.unknown(),
  media: MediaRefSchema.optional(),
});

export const ConfigItemSchema = z.object({
  key: z.string(),
  current: z.unknown(),
  proposed: z.unknown(),
  deleted: z.boolean().optional(),
});
export type ConfigItem = z.infer<typeof ConfigItemSchema>;

export const PreviewViewSchema = z.object({
  state: z.enum(['ok', 'failed', 'withheld', 'none']),
  lines: z.array(z.string()),
  /** "Captured when the run paused: the target may have changed since." and the like. */
  notes: z.array(z.string()),
});

export const EntityRefSchema = z.object({
  id: z.number(),
  /** The CMS's type slug (e.g. `post`), for requests such as publish. */
  type: z.string().optional(),
  typeLabel: z.string(),
  title: z.string(),
  status: z.string().optional(),
  link: z.string().optional(),
});

/** Everything an approval card shows (C1-C4, P2-P7, G13, G14). */
export const ApprovalCardSchema = z.object({
  recordId: z.string(),
  payloadHash: z.string(),
  shortHash: z.string(),
  toolName: z.string(),
  toolLabel: z.string(),
  cardDescription: z.string(),
  reason: z.string(),
  layout: z.enum(['content', 'config', 'args']),
  entity: EntityRefSchema.optional(),
  lands: z.enum(['draft', 'live']).optional(),
  fields: z.array(FieldChangeSchema).optional(),
  config: z.array(ConfigItemSchema).optional(),
  args: z.array(ArgumentSchema),
  preview: PreviewViewSchema,
  canGrantThread: z.boolean(),
  targetChanged: z.object({ fields: z.array(z.string()), message: z.string() }).optional(),
  irreversible: z.boolean().optional(), // E4: no Undo (a permanent delete): the card says so
  targetModified: z.string().nullable().optional(), // G7, G13: the card's stamp, sent back
  waiting: z.number().int().nonnegative(), // G6: later calls of the reply waiting behind it
  /** E2/E3: an editor open on the entry; approving over it needs `overEditor`. */
  editor: EditorNoticeSchema.optional(),
  expiresAt: z.number().nullable().optional(),
  site: z.string().optional(), // the site it acts on: two sites may share an origin
  /** G15: the site sent the call to a second approver; the requester cannot approve it here. */
  secondApprover: z
    .object({
      who: z.string(),
      status: z.enum(['waiting', 'approved', 'rejected', 'withdrawn', 'expired']),
      decidedBy: z.string().optional(),
    })
    .optional(),
});
export type ApprovalCard = z.infer<typeof ApprovalCardSchema>;

/** U1, U2: a draft's state when its result card was built (the CMS's `DraftStamp`). */
export const DraftStampSchema = z.object({
  modified: z.string(),
  fields: z.array(z.object({ key: z.string(), label: z.string(), value: z.string() })),
});

/** After a write runs (C5, U1). */
export const ResultCardSchema = z.object({
  editor: EditorResultSchema.optional(),
  recordId: z.string(),
  toolLabel: z.string(),
  entity: EntityRefSchema.optional(),
  visibleToVisitors: z.boolean(),
  visibilityText: z.string(),
  /** For a draft: what differs from the published version (or the fields written). */
  draftDiff: z.array(FieldChangeSchema).optional(),
  canPublish: z.boolean(),
  published: z.boolean().optional(),
  configChanges: z.array(ConfigItemSchema).optional(),
  /** U1, U2: the draft as this card shows it; Publish runs only while it is unchanged. */
  reviewed: DraftStampSchema.optional(),
  /** U1, U2: Publish found the draft changed since the card: what changed (before → now). */
  changedSince: z.array(FieldChangeSchema).optional(),
  checkedAt: z.number().optional(), // when Publish last found the draft changed (ms)
  undo: ResultUndoSchema.optional(), // E4: Undo on this write (offered, asked, undone, refused)
});
export type ResultCard = z.infer<typeof ResultCardSchema>;

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
  since: z.object({ transcript: z.number().int(), answers: z.number().int() }).optional(),
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

/** Panel → background. */
export const ThreadRequestSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('thread-list') }),
  z.object({
    type: z.literal('thread-open'),
    threadId: z.string().optional(),
    tabId: z.number().int().nonnegative(),
    fresh: z.boolean().optional(), // a new thread even when the latest could be reused
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
  }),
  z.object({ type: z.literal('grant-revoke'), threadId: z.string(), tool: z.string() }),
  z.object({ type: z.literal('publish'), threadId: z.string(), recordId: z.string() }),
  z.object({ type: z.literal('undo'), threadId: z.string(), recordId: z.string() }),
  z.object({ type: z.literal('model-set'), threadId: z.string(), model: z.string() }),
]);
export type ThreadRequest = z.infer<typeof ThreadRequestSchema>;

/** Background → panel. */
export const ThreadPushSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('thread-view'), view: ThreadViewSchema }),
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
