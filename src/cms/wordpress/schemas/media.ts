import { z } from 'zod';
import { RawRenderedSchema } from './post';

const SizeSchema = z.looseObject({ source_url: z.string() });

/** A media item from `/wp/v2/media` (view context is enough for cards). */
export const WpMediaSchema = z.looseObject({
  id: z.number().int(),
  title: RawRenderedSchema,
  mime_type: z.string(),
  media_type: z.string().optional(),
  source_url: z.string(),
  alt_text: z.string().optional(),
  author: z.number().int().optional(),
  post: z.number().int().nullable().optional(),
  media_details: z
    .looseObject({ sizes: z.record(z.string(), SizeSchema).optional() })
    .optional()
    .catch(undefined),
});
export type WpMedia = z.infer<typeof WpMediaSchema>;

export const WpMediaListSchema = z.array(WpMediaSchema);
