import { z } from 'zod';
import { RawRenderedSchema } from './post';

/** A comment from `/wp/v2/comments`. */
export const WpCommentSchema = z.looseObject({
  id: z.number().int(),
  post: z.number().int(),
  parent: z.number().int(),
  author: z.number().int(),
  author_name: z.string(),
  date_gmt: z.string().optional(),
  status: z.string().optional(),
  content: RawRenderedSchema,
  link: z.string().optional(),
});
export type WpComment = z.infer<typeof WpCommentSchema>;

export const WpCommentListSchema = z.array(WpCommentSchema);
