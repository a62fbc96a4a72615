import { z } from 'zod';

const FieldNameSchema = z.string().regex(/^[a-z_][a-z0-9_]{0,63}$/i);

/** What `readEditorInPage` answers, checked: the page is not trusted. */
export const EditorReadingSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('none') }),
  z.object({
    kind: z.literal('classic'),
    postId: z.number().int().nonnegative(),
    /** The form's fields the person changed since the page loaded (title, content, excerpt). */
    edits: z.array(FieldNameSchema).max(100).default([]),
  }),
  z.object({
    kind: z.literal('block'),
    postId: z.number().int().nonnegative(),
    postType: z.string().max(100),
    edits: z.array(FieldNameSchema).max(100),
    saving: z.boolean().optional(),
  }),
]);
export type EditorReading = z.infer<typeof EditorReadingSchema>;

/** What `applyInEditorPage` answers, checked: the page is not trusted. */
export const EditorApplySchema = z.discriminatedUnion('ok', [
  z.object({
    ok: z.literal(true),
    shown: z.record(FieldNameSchema, z.unknown()),
    unsaved: z.array(FieldNameSchema).max(100),
  }),
  z.object({ ok: z.literal(false), reason: z.enum(['no-editor', 'other-post', 'saving']) }),
]);
export type EditorApply = z.infer<typeof EditorApplySchema>;

/** What `applyInClassicPage` answers, checked: the page is not trusted. */
export const ClassicApplySchema = z.discriminatedUnion('ok', [
  z.object({
    ok: z.literal(true),
    applied: z.array(FieldNameSchema).max(100),
    held: z.array(FieldNameSchema).max(100),
  }),
  z.object({ ok: z.literal(false), reason: z.enum(['no-editor', 'other-post']) }),
]);
export type ClassicApply = z.infer<typeof ClassicApplySchema>;
