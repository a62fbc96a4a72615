import { CmsHttpError } from '../http-error';
import type { WpSession } from './session';
import { WpCommentSchema } from './schemas/comment';

/**
 * E4: puts each comment a trash took along back to the status it had, as WordPress's own
 * untrash does from `_wp_trash_meta_comments_status` (a meta key REST does not expose, so
 * the statuses were recorded before the trash). Comments that are gone are counted, not fatal.
 */
export async function restoreComments(
  session: WpSession,
  comments: ReadonlyArray<{ id: number; status: string }>,
): Promise<{ restored: number; missing: number; summary: string }> {
  let restored = 0;
  let missing = 0;
  for (const comment of comments) {
    try {
      await session.client.request('POST', `wp/v2/comments/${comment.id}`, {
        schema: WpCommentSchema,
        query: { context: 'edit' },
        body: { status: comment.status },
      });
      restored += 1;
    } catch (error) {
      if (
        !(error instanceof CmsHttpError) ||
        !['not-found', 'gone', 'forbidden'].includes(error.kind)
      )
        throw error;
      missing += 1;
    }
  }
  const summary =
    comments.length === 0
      ? ''
      : `${restored} comment${restored === 1 ? '' : 's'} back${missing ? `; ${missing} could not be restored` : ''}.`;
  return { restored, missing, summary };
}
