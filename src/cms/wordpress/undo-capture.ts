import { CmsHttpError } from '../http-error';
import type { WpSession } from './session';
import type { EditableEntity } from './entity';
import type { WpPost } from './schemas/post';
import { WpCommentListSchema } from './schemas/comment';
import { fieldsOf, metaFieldsOf } from './undo-compare';

/** The comment statuses a trash takes off the site and its undo brings back. */
export const COMMENT_STATUSES = ['approved', 'hold', 'spam', 'trash'] as const;
type CommentStatus = (typeof COMMENT_STATUSES)[number];
const QUERY: Record<CommentStatus, string> = {
  approved: 'approve',
  hold: 'hold',
  spam: 'spam',
  trash: 'trash',
};
const MAX_COMMENT_PAGES = 20;

/**
 * E4: what a write changed, for its result card's Undo: the entity's values of the
 * fields `values` names and its status before (`before`, read right before the save)
 * and after (`after`, the post WordPress answered with). The audit record keeps it.
 */
export function undoCapture(
  before: EditableEntity,
  after: WpPost,
  values: Record<string, unknown>,
  comments?: Array<{ id: number; status: CommentStatus }>,
) {
  const keys = Object.keys(values).filter((key) => key !== 'meta');
  const metaKeys = Object.keys((values['meta'] as Record<string, unknown> | undefined) ?? {});
  const fields = (post: WpPost) => {
    const out = fieldsOf(post, keys);
    if (metaKeys.length > 0) out['meta'] = metaFieldsOf(post, metaKeys);
    return out;
  };
  return {
    entity: { type: before.type.slug, id: before.post.id },
    before: {
      status: before.post.status,
      fields: fields(before.post),
      ...(comments ? { comments } : {}),
    },
    after: {
      status: after.status,
      modified: after.modified_gmt ?? after.modified ?? '',
      fields: fields(after),
    },
  };
}

/**
 * E4: the comments of a post with their statuses, read right before a trash: WordPress
 * marks every one of them `post-trashed`, and its own untrash puts each status back.
 * Statuses the account may not list are left out (their comments stay as WordPress has them).
 */
export async function commentsBeforeTrash(
  session: WpSession,
  postId: number,
): Promise<Array<{ id: number; status: CommentStatus }>> {
  const out: Array<{ id: number; status: CommentStatus }> = [];
  for (const status of COMMENT_STATUSES) {
    for (let page = 1; page <= MAX_COMMENT_PAGES; page += 1) {
      let rows;
      try {
        ({ data: rows } = await session.client.get('wp/v2/comments', {
          schema: WpCommentListSchema,
          query: {
            post: String(postId),
            status: QUERY[status],
            per_page: '100',
            page: String(page),
          },
        }));
      } catch (error) {
        // This account may not list comments of this status: they stay as WordPress has them.
        if (
          error instanceof CmsHttpError &&
          (error.kind === 'forbidden' || error.kind === 'invalid')
        )
          break;
        throw error;
      }
      for (const row of rows) out.push({ id: row.id, status });
      if (rows.length < 100) break;
    }
  }
  return out;
}
