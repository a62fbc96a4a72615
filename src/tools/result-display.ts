import { z } from 'zod';
import { EditorResultSchema } from '../shared/protocols/editor-protocol';
import type { ResultDisplay } from './tool';

/** The longest answer of a site's ability the panel keeps (`ResultDisplay.answer`). */
export const ANSWER_MAX = 4000;

/** R3: an entry a result lists (at most 50 kept). */
export const ResultLinkSchema = z.strictObject({
  label: z.string().max(500),
  detail: z.string().max(500),
  href: z.string().max(2000),
});

/** A result's panel data as the run state stores it (see `ResultDisplay`). */
export const ResultDisplaySchema = z.strictObject({
  entity: z.strictObject({ type: z.string().min(1).max(100), id: z.number().int() }).optional(),
  links: z.array(ResultLinkSchema).max(50).optional(),
  title: z.string().max(500).optional(),
  summary: z.string().max(1000).optional(),
  editor: EditorResultSchema.optional(),
  answer: z.string().max(ANSWER_MAX).optional(),
}) satisfies z.ZodType<ResultDisplay>;
