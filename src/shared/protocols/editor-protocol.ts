import { z } from 'zod';

/** E1: what became of an editor open on the written entry (said on the result card). */
export const EditorResultSchema = z.object({
  state: z.enum(['updated', 'not-updated', 'classic', 'closed']),
  message: z.string().max(1000),
  /** The same in the person's language (issue 37); older records have only `message`. */
  note: z.string().max(2000).optional(),
  /** Labels of approved fields WordPress, read back after the write, holds otherwise. */
  differs: z.array(z.string().max(100)).max(50),
});
export type EditorResult = z.infer<typeof EditorResultSchema>;

/** E2/E3: an editor open on the entry a pending write targets (said on the approval card). */
export const EditorNoticeSchema = z.object({
  /** Labels of fields the call changes that have unsaved edits in an open block editor. */
  unsaved: z.array(z.string().max(100)).max(50),
  /** A classic editor holds the entry: its Update would send every field back. */
  classic: z.boolean(),
  /** A block editor holds the entry: the write goes through it. */
  block: z.boolean(),
  /** An editor tab that holds the entry did not answer. */
  unanswered: z.boolean(),
  /** Another user holds the entry's post lock (their display name, plain text). */
  lockedBy: z.string().max(250).optional(),
});
export type EditorNotice = z.infer<typeof EditorNoticeSchema>;
