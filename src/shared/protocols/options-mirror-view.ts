import { z } from 'zod';

/** A5: one site's mirror, as the options page shows it. */
export const MirrorSiteViewSchema = z.object({
  siteRoot: z.string(),
  userId: z.string(),
  /** The owner's display name on the site, null until the site has said it. */
  displayName: z.string().nullable(),
  /** The site as a person names it (`example.org/shop/`). */
  label: z.string(),
  mode: z.enum(['unknown', 'server', 'local-only']),
  lastSyncAt: z.number().nullable(),
  /** Records (not versions) waiting in this browser for the site. */
  queued: z.number().int().nonnegative(),
  delivered: z.number().int().nonnegative(),
  /** The last problem in words; null when the last try went through. */
  lastError: z.string().nullable(),
  /** When the next try is due (epoch ms), 0 for "as soon as anything is queued". */
  nextAttemptAt: z.number(),
  canRead: z.boolean(),
  canManage: z.boolean(),
  /**
   * The retention setting in days (null: keep everything), so a card of a site without the
   * plugin can say that retention may remove its waiting records first.
   */
  retentionDays: z.number().int().positive().nullable(),
});
export type MirrorSiteView = z.infer<typeof MirrorSiteViewSchema>;

/** The options page's request for every site's mirror. */
export const MirrorSiteListSchema = z.array(MirrorSiteViewSchema);

/**
 * A5: who the site says is signed in, asked when the site's card is shown (not from the
 * last sync). `plugin` false: the site has no Countersign plugin.
 */
export const SiteWhoViewSchema = z.object({
  plugin: z.boolean(),
  /** The signed-in person is the card's owner (another user may be signed in). */
  sameUser: z.boolean(),
  displayName: z.string().max(250).nullable(),
  canRead: z.boolean(),
  canManage: z.boolean(),
});
export type SiteWhoView = z.infer<typeof SiteWhoViewSchema>;
