import { z } from 'zod';

/**
 * E4: Undo on a write's result card. `offered` shows the button; `asked` while the undo's
 * approval card waits; `undone` once it ran; `refused` says why it cannot (`message`: the
 * entity changed since, naming what changed).
 */
export const ResultUndoSchema = z.object({
  state: z.enum(['offered', 'asked', 'undone', 'refused']),
  message: z.string().optional(),
  /** The undo's own audit record, once proposed. */
  undoRecordId: z.string().optional(),
});
export type ResultUndo = z.infer<typeof ResultUndoSchema>;
