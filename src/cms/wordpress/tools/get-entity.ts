import { z } from 'zod';
import { sessionOf } from '../session';
import { readForView } from '../entity-view';
import { metaOf } from '../post-fields';
import { plainTitle } from '../card-data';
import { entityRefFields } from '../post-input';
import { holdsOthersWords } from '../others-words';
import { accessFrom, defineWpTool } from './define';
import { t } from '../../../i18n';

/** Content longer than this reaches the model clipped, with its full length stated. */
const MAX_CONTENT = 60_000;

const input = z.strictObject({ ...entityRefFields });

/** Read one entry's fields: raw values when the account may edit it. */
export const getEntity = defineWpTool({
  name: 'wp_get_entity',
  label: 'Read an entry',
  description:
    'Read one post, page or other entry by type and id: status, author, modified time, ' +
    'link and its raw fields (title, content with block comments, excerpt, slug, ' +
    'categories, tags, featured image, meta). Read an entry before changing it.',
  cardDescription: 'Reads one entry of the site.',
  input,
  classification: { kind: 'read', destructive: false },
  accessHint: 'The account must be able to read the entry (edit it, for drafts).',
  access(ctx, { type, id }) {
    return accessFrom(() => readForView(sessionOf(ctx), type, id));
  },
  async execute(ctx, { type, id }) {
    const session = sessionOf(ctx);
    const read = await readForView(session, type, id);
    const { post, editable } = read;
    const content = post.content?.raw ?? post.content?.rendered ?? '';
    const data = {
      type: post.type,
      id: post.id,
      status: post.status,
      author: post.author,
      modified: post.modified_gmt,
      link: post.link,
      editable,
      slug: post.slug,
      title: post.title?.raw ?? post.title?.rendered ?? '',
      content: content.length > MAX_CONTENT ? content.slice(0, MAX_CONTENT) : content,
      contentLength: content.length,
      contentClipped: content.length > MAX_CONTENT,
      excerpt: post.excerpt?.raw ?? post.excerpt?.rendered ?? '',
      categories: post.categories,
      tags: post.tags,
      featured_media: post.featured_media,
      meta: metaOf(post),
      valuesAre: editable ? 'raw' : 'rendered',
    };
    const title = plainTitle(post.title?.rendered, post.title?.raw);
    return {
      summary: `Read ${type} ${id} "${title}".`,
      display: { summary: t('worker.summary.read', { type, id: String(id), title }) },
      data,
      // R6: another author, or a revision someone else saved (what they wrote may remain).
      untrusted: editable ? await holdsOthersWords(session, read, ctx.user.id) : true,
    };
  },
});
