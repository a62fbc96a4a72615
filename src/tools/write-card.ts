/**
 * What a CMS says about a content write for its approval card (C1). Tools produce it
 * (`Tool.card`) in the gate pass that offers the call; the run state keeps it with the
 * call's preview, so the schema below checks it whenever a stored state is read. Its values
 * are the CMS's own (whole contents, any number of custom fields), so it bounds none of them:
 * a bound would turn a large post's card into a bare argument list.
 */
import { z } from 'zod';

/** Names one entity of the CMS: a post type (or other kind) and its id. */
export interface EntityRef {
  type: string;
  id: number;
}

/** A value as the CMS stores it (`raw`) and as visitors see it (`rendered`, when HTML). */
export const FieldSnapshotSchema = z.strictObject({
  raw: z.unknown(),
  rendered: z.string().optional(),
});
export type FieldSnapshot = z.infer<typeof FieldSnapshotSchema>;

/** C1: one changed field of a content write, named by its label. */
export const CardFieldSchema = z.strictObject({
  key: z.string().min(1),
  label: z.string(),
  /** How to show and diff the value: HTML is sanitized before rendering (C1, S1). */
  format: z.enum(['html', 'text', 'ids', 'number', 'json']),
  current: FieldSnapshotSchema,
  proposed: z.unknown(),
});
export type CardField = z.infer<typeof CardFieldSchema>;

/** C1: what an approval card of a content write needs. */
export const WriteCardDataSchema = z.strictObject({
  /** The entity as it is today; for a create, only its type label is known. */
  entity: z.strictObject({
    ref: z.strictObject({ type: z.string().min(1), id: z.number().int() }).optional(),
    typeLabel: z.string(),
    title: z.string(),
    status: z.string().optional(),
    link: z.string().optional(),
    modified: z.string().optional(),
  }),
  fields: z.array(CardFieldSchema),
  /** Whether visitors see the change once it runs (G2, C5). */
  lands: z.enum(['draft', 'live']),
});
export type WriteCardData = z.infer<typeof WriteCardDataSchema>;
