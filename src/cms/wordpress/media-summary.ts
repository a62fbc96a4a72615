import type { MediaSummary } from '../adapter';
import type { WpSession } from './session';
import { plainTitle } from './card-data';
import { WpMediaListSchema, type WpMedia } from './schemas/media';

/** C3: a media item as a card shows it: name, type, and a thumbnail for images. */
export function toMediaSummary(media: WpMedia): MediaSummary {
  const sizes = media.media_details?.sizes ?? {};
  const small = sizes['thumbnail'] ?? sizes['medium'];
  const image = media.mime_type.startsWith('image/');
  return {
    id: media.id,
    title: plainTitle(media.title.rendered, media.title.raw),
    mimeType: media.mime_type,
    sourceUrl: media.source_url,
    ...(image ? { thumbnailUrl: small?.source_url ?? media.source_url } : {}),
  };
}

/**
 * C3: the media items with these ids that the account may view (others are left out,
 * so a card never shows what the account could not see in the admin).
 */
export async function describeMedia(session: WpSession, ids: number[]): Promise<MediaSummary[]> {
  const wanted = [...new Set(ids.filter((id) => Number.isInteger(id) && id > 0))].slice(0, 100);
  if (wanted.length === 0) return [];
  const { data } = await session.client.get('wp/v2/media', {
    schema: WpMediaListSchema,
    query: { include: wanted.join(','), per_page: 100 },
  });
  return data.map(toMediaSummary);
}
