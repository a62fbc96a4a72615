import { z } from 'zod';
import { sessionOf } from '../session';
import { toMediaSummary } from '../media-summary';
import { WpMediaListSchema } from '../schemas/media';
import { byOthers, defineWpTool } from './define';
import { t } from '../../../i18n';

const input = z.strictObject({
  search: z.string().min(1).max(200).optional().describe('Words in the media title or caption.'),
  media_type: z
    .enum(['image', 'video', 'audio', 'application'])
    .optional()
    .describe('Only media of this kind.'),
  limit: z.number().int().min(1).max(50).default(20).describe('At most this many items.'),
  page: z.number().int().min(1).max(1000).default(1).describe('Page of results, from 1.'),
});

/** List the media library: ids, names, types, URLs and thumbnails. */
export const listMedia = defineWpTool({
  name: 'wp_list_media',
  label: 'List media',
  description:
    'List media library items (newest first) with id, title, MIME type, URL and a ' +
    'thumbnail URL for images. Use it to find the id of an image to set as a featured ' +
    'image. Uploading is not possible.',
  cardDescription: 'Lists items of the media library.',
  input,
  classification: { kind: 'read', destructive: false },
  async access() {
    return { ok: true };
  },
  async execute(ctx, { search, media_type, limit, page }) {
    const { data, total } = await sessionOf(ctx).client.get('wp/v2/media', {
      schema: WpMediaListSchema,
      query: { search, media_type, per_page: limit, page },
    });
    return {
      summary: `${data.length} media items${total !== undefined ? ` of ${total}` : ''}.`,
      display: {
        summary:
          total !== undefined
            ? t('worker.summary.mediaOf', { count: data.length, total })
            : t('worker.summary.media', { count: data.length }),
      },
      data: {
        total,
        items: data.map((media) => ({ ...toMediaSummary(media), alt: media.alt_text })),
      },
      untrusted: byOthers(
        data.map((media) => media.author),
        ctx.user.id,
      ),
    };
  },
});
