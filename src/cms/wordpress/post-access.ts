import type { AccessResult, ActingUser } from '../../tools/tool';
import type { WpTypeInfo } from './post-types';
import type { WpPost } from './schemas/post';

/** Statuses WordPress's REST controller lets only `publish_posts` holders set. */
export const PUBLISHING_STATUSES: ReadonlySet<string> = new Set(['publish', 'future', 'private']);

/** Whether the account holds the type's capability for a primitive (`publish_posts`). */
export function hasTypeCap(user: ActingUser, type: WpTypeInfo, primitive: string): boolean {
  const cap = type.caps?.[primitive];
  return cap !== undefined && user.capabilities[cap] === true;
}

function refuse(reason: string): AccessResult {
  return { ok: false, reason };
}

/** U1 and statuses: publishing, scheduling and private need the type's `publish_posts`. */
export function mayPublish(user: ActingUser, type: WpTypeInfo): AccessResult {
  return hasTypeCap(user, type, 'publish_posts')
    ? { ok: true }
    : refuse(`Your account may not publish ${type.pluralLabel.toLowerCase()}.`);
}

/** Creating needs the type's `create_posts` (which is `edit_posts` for core types). */
export function mayCreate(user: ActingUser, type: WpTypeInfo): AccessResult {
  return hasTypeCap(user, type, 'create_posts') || hasTypeCap(user, type, 'edit_posts')
    ? { ok: true }
    : refuse(`Your account may not create ${type.pluralLabel.toLowerCase()}.`);
}

/**
 * `map_meta_cap('delete_post')` of WordPress core: one's own post needs `delete_posts`
 * (plus `delete_published_posts` once published); another person's needs
 * `delete_others_posts`, plus `delete_published_posts` or `delete_private_posts` by status.
 */
export function mayDelete(user: ActingUser, type: WpTypeInfo, post: WpPost): AccessResult {
  const own = post.author === undefined || post.author === user.id;
  const needed = [own ? 'delete_posts' : 'delete_others_posts'];
  if (post.status === 'publish' || post.status === 'future') needed.push('delete_published_posts');
  if (post.status === 'private' && !own) needed.push('delete_private_posts');
  const missing = needed.filter((primitive) => !hasTypeCap(user, type, primitive));
  if (missing.length === 0) return { ok: true };
  const whose = own ? 'your' : "another person's";
  return refuse(
    `Your account may not delete ${whose} ${post.status} ${type.label.toLowerCase()} (needs ${missing.map((m) => type.caps?.[m] ?? m).join(', ')}).`,
  );
}
