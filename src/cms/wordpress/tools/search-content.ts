import { z } from 'zod';
import { sessionOf } from '../session';
import { listTypes, type WpTypeInfo } from '../post-types';
import { WpPostListSchema, type WpPost } from '../schemas/post';
import { plainTitle } from '../card-data';
import { typeField } from '../post-input';
import { hasTypeCap } from '../post-access';
import type { ActingUser } from '../../../tools/tool';
import type { WpSession } from '../session';
import { InputError } from '../../../shared/errors';
import { byOthers, defineWpTool } from './define';
import { t } from '../../../i18n';

const UNPUBLISHED = 'future,draft,pending,private';

const input = z.strictObject({
  query: z.string().min(1).max(200).describe('Words to look for in titles and content.'),
  types: z
    .array(typeField)
    .min(1)
    .max(10)
    .optional()
    .describe('Post types to search; default "post" and "page".'),
  status: z
    .enum(['publish', 'any'])
    .default('any')
    .describe('"publish" for what visitors see; "any" adds drafts, pending, scheduled, private.'),
  limit: z.number().int().min(1).max(50).default(10).describe('At most this many results.'),
});

/** Search posts, pages and other REST-visible post types, newest first. */
export const searchContent = defineWpTool({
  name: 'wp_search_content',
  label: 'Search content',
  description:
    'Search the site for posts, pages or other entries by words. Use it to find the id of ' +
    'an entry before reading or changing it. Returns type, id, title, status, author, link.',
  cardDescription: 'Searches the site’s content.',
  input,
  classification: { kind: 'read', destructive: false },
  async access() {
    return { ok: true };
  },
  async execute(ctx, { query, types, status, limit }) {
    const session = sessionOf(ctx);
    const known = await listTypes(session);
    const chosen = (types ?? ['post', 'page'])
      .map((slug) => known.find((type) => type.slug === slug && type.postLike))
      .filter((type): type is WpTypeInfo => type !== undefined);
    if (chosen.length === 0)
      throw new InputError(`None of these post types exist: ${types?.join(', ')}.`);
    const lists = await Promise.all(
      chosen.map((type) => searchType(session, ctx.user, type, query, status, limit)),
    );
    const posts = lists
      .flat()
      .sort((a, b) => (b.modified_gmt ?? '').localeCompare(a.modified_gmt ?? ''))
      .slice(0, limit);
    const found =
      posts.length === 0
        ? t('worker.search.foundNone', { query })
        : t('worker.search.found', { count: posts.length, query });
    return {
      summary: `Found ${posts.length} entr${posts.length === 1 ? 'y' : 'ies'} for "${query}".`,
      data: posts.map((post) => ({
        type: post.type,
        id: post.id,
        title: plainTitle(post.title?.rendered),
        status: post.status,
        author: post.author,
        modified: post.modified_gmt,
        link: post.link,
      })),
      // R3: the panel lists them as links to their edit screens.
      display: {
        title: found,
        summary: found,
        links: posts.map((post) => ({
          label:
            plainTitle(post.title?.rendered) ||
            t('worker.search.untitled', { id: String(post.id) }),
          detail: `${post.type} · ${post.status} · #${post.id}`,
          href: `post.php?post=${post.id}&action=edit`,
        })),
      },
      untrusted: byOthers(
        posts.map((post) => post.author),
        ctx.user.id,
      ),
    };
  },
});

/**
 * WordPress pages a collection before dropping what the account may not read, so a mixed
 * status query can come back with holes. Without `edit_others_posts`, unpublished entries
 * are therefore asked for as the account's own only.
 */
async function searchType(
  session: WpSession,
  user: ActingUser,
  type: WpTypeInfo,
  query: string,
  status: 'publish' | 'any',
  limit: number,
): Promise<WpPost[]> {
  const get = (extra: Record<string, string | number>) =>
    session.client
      .get(`wp/v2/${type.restBase}`, {
        schema: WpPostListSchema,
        query: { search: query, per_page: limit, orderby: 'modified', ...extra },
      })
      .then((response) => response.data);
  const published = get({ status: 'publish' });
  if (status === 'publish' || !hasTypeCap(user, type, 'edit_posts')) return published;
  const others: Record<string, number> = hasTypeCap(user, type, 'edit_others_posts')
    ? {}
    : { author: user.id };
  const unpublished = get({ status: UNPUBLISHED, ...others });
  return [...(await published), ...(await unpublished)];
}
