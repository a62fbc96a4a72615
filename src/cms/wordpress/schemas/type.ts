import { z } from 'zod';

/** A post type from `/wp/v2/types`; `capabilities` is present only in context=edit. */
export const WpTypeSchema = z.looseObject({
  slug: z.string(),
  name: z.string(),
  rest_base: z.string(),
  rest_namespace: z.string().optional(),
  hierarchical: z.boolean().optional(),
  viewable: z.boolean().optional(),
  taxonomies: z.array(z.string()).optional(),
  capabilities: z.record(z.string(), z.string()).optional(),
  labels: z.looseObject({ singular_name: z.string().optional() }).optional(),
  supports: z.record(z.string(), z.unknown()).optional(),
});
export type WpType = z.infer<typeof WpTypeSchema>;

/** `/wp/v2/types` answers an object keyed by type slug. */
export const WpTypeMapSchema = z.record(z.string(), WpTypeSchema);

/** A taxonomy from `/wp/v2/taxonomies`. */
export const WpTaxonomySchema = z.looseObject({
  slug: z.string(),
  name: z.string(),
  rest_base: z.string(),
  hierarchical: z.boolean().optional(),
  types: z.array(z.string()).optional(),
});

/** `/wp/v2/taxonomies` answers an object keyed by taxonomy slug. */
export const WpTaxonomyMapSchema = z.record(z.string(), WpTaxonomySchema);
