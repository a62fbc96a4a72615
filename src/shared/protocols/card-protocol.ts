import { z } from 'zod';
import { EditorNoticeSchema, EditorResultSchema } from './editor-protocol';
import { ResultUndoSchema } from './undo-protocol';

/**
 * The cards the background sends the panel inside thread views: what an approval card
 * shows before a write and what a result card shows after it. Split from the thread
 * protocol by concern; `thread-protocol.ts` re-exports them.
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

/**
 * C4: the arguments as a tool with its own card lists them (a site's ability: the schema's
 * titles and descriptions, values as text) and the plain notes the person must read.
 */
export const ArgumentCardSchema = z.object({
  arguments: z
    .array(
      z.object({
        key: z.string().max(200),
        title: z.string().max(400),
        description: z.string().max(4000).optional(),
        value: z.string().max(4000),
        /** C3: the entity the value names by id, and its name when the person may read it. */
        entity: z
          .object({
            kind: z.enum(['post', 'term', 'user', 'media', 'comment']),
            id: z.number().int().positive(),
            name: z.string().max(400).optional(),
          })
          .optional(),
      }),
    )
    .max(200),
  notes: z.array(z.string().max(1000)).max(20),
});

/** Everything an approval card shows (C1-C4, P2-P7, G13, G14). */
const ApprovalCardBaseSchema = z.object({
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
  argumentCard: ArgumentCardSchema.optional(),
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
  /** Issue 36: the text fields the person may edit before approving (none: not offered). */
  editable: z.array(z.string()).optional(),
  /** Issue 36: the person edited these fields; `proposed` is what the model proposed. */
  edited: z
    .object({
      fields: z.array(z.string()),
      proposed: z.record(z.string(), z.string()),
      /** Item 3: the fields the person left as they are on the site. */
      dropped: z.array(z.string()).optional(),
    })
    .optional(),
  /** Issue 36 item 3: the fields the person may leave as they are, one by one. */
  droppable: z.array(z.string()).optional(),
  /** Issue 36 item 3: the fields the person left as they are, as the agent proposed them. */
  droppedFields: z.array(FieldChangeSchema).optional(),
  /** Item 3 on a configuration card: the settings left as they are, as the agent proposed them. */
  droppedConfig: z.array(ConfigItemSchema).optional(),
  /** G15: the site sent the call to a second approver; the requester cannot approve it here. */
  secondApprover: z
    .object({
      who: z.string(),
      status: z.enum(['waiting', 'approved', 'rejected', 'withdrawn', 'expired']),
      decidedBy: z.string().optional(),
      /** When the site's expiry (set by its admin) ends the wait; null or absent: never. */
      expiresAt: z.number().nullable().optional(),
      /** The site's approvals could not be read: the call waits until they can (fail closed). */
      unreadable: z.literal(true).optional(),
    })
    .optional(),
});
/** Issue 36 item 1: a later call of the reply, with its own card, decided with the first. */
export const BatchCardSchema = ApprovalCardBaseSchema.extend({
  /** Destructive or unclassified: never pre-selected. */
  careful: z.boolean(),
});
export type BatchCard = z.infer<typeof BatchCardSchema>;

export const ApprovalCardSchema = ApprovalCardBaseSchema.extend({
  /** Issue 36 item 1: with a batch, whether this call is destructive or unclassified. */
  careful: z.boolean().optional(),
  /** Issue 36 item 1: the later calls of the reply to decide with this one, in order. */
  batch: z.array(BatchCardSchema).max(50).optional(),
  /** Issue 36 item 1: the first later call that could not be shown with them, and why. */
  batchStop: z.object({ toolLabel: z.string(), reason: z.string() }).optional(),
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
  /**
   * U2: the publish call a Publish click proposed: `asked` while its approval card waits
   * (`recordId`: its record), `refused` when it could not run (`message` says why).
   */
  publish: z
    .object({
      state: z.enum(['asked', 'refused']),
      recordId: z.string().optional(),
      message: z.string().optional(),
    })
    .optional(),
  undo: ResultUndoSchema.optional(), // E4: Undo on this write (offered, asked, undone, refused)
});
export type ResultCard = z.infer<typeof ResultCardSchema>;
