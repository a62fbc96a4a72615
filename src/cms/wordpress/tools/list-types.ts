import { z } from 'zod';
import { sessionOf } from '../session';
import { listTypes } from '../post-types';
import { WpTaxonomyMapSchema } from '../schemas/type';
import { defineWpTool } from './define';
import { t } from '../../../i18n';

/** List the site's post types and taxonomies, and which of them the account may edit. */
export const listTypesTool = defineWpTool({
  name: 'wp_list_types',
  label: 'List content types',
  description:
    'List the post types (post, page, custom types) and taxonomies (categories, tags, ' +
    'custom ones) of the site, with which post types this account may edit and which ' +
    'fields each supports. Use it to learn the type slugs other tools take.',
  cardDescription: 'Lists the site’s content types and taxonomies.',
  input: z.strictObject({}),
  classification: { kind: 'read', destructive: false },
  async access() {
    return { ok: true };
  },
  async execute(ctx) {
    const session = sessionOf(ctx);
    const [types, taxonomies] = await Promise.all([
      listTypes(session),
      session.client.get('wp/v2/taxonomies', { schema: WpTaxonomyMapSchema }),
    ]);
    const postTypes = types.map((type) => ({
      slug: type.slug,
      label: type.label,
      plural: type.pluralLabel,
      editable: type.caps !== null && type.postLike,
      supports: Object.keys(type.supports).filter((key) => type.supports[key]),
      taxonomies: type.taxonomies,
    }));
    return {
      summary: `${postTypes.length} post types and ${Object.keys(taxonomies.data).length} taxonomies.`,
      display: {
        summary: t('worker.summary.types', {
          types: postTypes.length,
          taxonomies: Object.keys(taxonomies.data).length,
        }),
      },
      data: {
        postTypes,
        taxonomies: Object.values(taxonomies.data).map((taxonomy) => ({
          slug: taxonomy.slug,
          name: taxonomy.name,
          restBase: taxonomy.rest_base,
          hierarchical: taxonomy.hierarchical,
          types: taxonomy.types,
        })),
      },
    };
  },
});
