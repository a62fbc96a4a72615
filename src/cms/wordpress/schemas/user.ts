import { z } from 'zod';

/** `/wp/v2/users/me?context=edit`: `capabilities` is the raw allcaps (granted ones only). */
export const WpMeSchema = z.looseObject({
  id: z.number().int().positive(),
  name: z.string(),
  roles: z.array(z.string()),
  capabilities: z.record(z.string(), z.boolean()),
  /** The person's locale (their own, or the site's): checked again before any use. */
  locale: z.string().max(40).optional().catch(undefined),
});

/** Only the `_links` of posts, to read the `wp:action-*` relations. */
export const WpLinksOnlyListSchema = z.array(
  z.looseObject({ _links: z.record(z.string(), z.unknown()).optional() }),
);
