import { z } from 'zod';
import { sessionOf } from '../session';
import { WpTaxonomyMapSchema } from '../schemas/type';
import { InputError } from '../../../shared/errors';
import { defineWpTool } from './define';
import { t } from '../../../i18n';

const TermListSchema = z.array(
  z.looseObject({ id: z.number().int(), name: z.string(), slug: z.string(), count: z.number() }),
);

const input = z.strictObject({
  taxonomy: z
    .string()
    .regex(/^[a-z0-9_-]{1,32}$/, 'a taxonomy slug')
    .default('category')
    .describe('Taxonomy slug: "category", "post_tag", or a custom one from wp_list_types.'),
  search: z.string().min(1).max(200).optional().describe('Words in the term name.'),
  limit: z.number().int().min(1).max(100).default(50).describe('At most this many terms.'),
});

/** List the terms of a taxonomy (categories, tags) with their ids. */
export const listTerms = defineWpTool({
  name: 'wp_list_terms',
  label: 'List categories or tags',
  description:
    'List the terms of a taxonomy (categories, tags, custom taxonomies) with id, name, slug ' +
    'and how many entries use each. Use it to find category or tag ids for a write.',
  cardDescription: 'Lists categories, tags or other terms.',
  input,
  classification: { kind: 'read', destructive: false },
  async access() {
    return { ok: true };
  },
  async execute(ctx, { taxonomy, search, limit }) {
    const session = sessionOf(ctx);
    const { data: taxonomies } = await session.client.get('wp/v2/taxonomies', {
      schema: WpTaxonomyMapSchema,
    });
    const found = taxonomies[taxonomy];
    if (!found) {
      const known = Object.keys(taxonomies).join(', ');
      throw new InputError(`There is no taxonomy "${taxonomy}". Taxonomies: ${known}.`);
    }
    const { data } = await session.client.get(`wp/v2/${found.rest_base}`, {
      schema: TermListSchema,
      query: { search, per_page: limit, orderby: 'count', order: 'desc' },
    });
    return {
      summary: `${data.length} ${found.name.toLowerCase()}.`,
      // The taxonomy's name as the site gives it (in the site's language).
      display: { summary: t('worker.summary.terms', { taxonomy: found.name, count: data.length }) },
      data: data.map(({ id, name, slug, count }) => ({ id, name, slug, count })),
      // R6: WordPress keeps no author for a term, and authors and editors add tags and
      // categories as they write: a listed name may be anyone's words.
      untrusted: data.length > 0,
    };
  },
});
