import { z } from 'zod';

/** A comment a trash took off the site, with the status it had (restored on undo). */
export const TrashedCommentSchema = z.strictObject({
  id: z.number().int().positive(),
  status: z.enum(['approved', 'hold']),
});

const FieldsSchema = z.record(z.string().min(1).max(300), z.unknown());

/**
 * E4: what a write changed, kept with its audit record so its result card can offer Undo:
 * the entity, the values of the fields the write set and its status before the write
 * (and, for a trash, the comments it took along), and the same fields, status and
 * modified time right after it (so an undo can tell whether anything changed since).
 */
export const UndoStateSchema = z.strictObject({
  entity: z.strictObject({
    type: z.string().min(1).max(20),
    id: z.number().int().positive(),
  }),
  before: z.strictObject({
    status: z.string().min(1).max(20),
    fields: FieldsSchema,
    comments: z.array(TrashedCommentSchema).max(2000).optional(),
  }),
  after: z.strictObject({
    status: z.string().min(1).max(20),
    modified: z.string().min(1).max(40),
    fields: FieldsSchema,
  }),
});
export type UndoState = z.infer<typeof UndoStateSchema>;
