import { z } from 'zod';
import { PolicyViewRecordSchema } from './options-policy-view';
import { SiteClassSchema } from '../vocabulary';

/**
 * G11: one site's policy as the options page shows it. `none`: the site has no Countersign
 * plugin. `invalid`: some rules (keys of `failed`, `"*"` for all) did not validate and fail
 * closed; `problems` says so in words.
 */
export const SitePolicyViewSchema = z.object({
  siteRoot: z.string(),
  userId: z.string(),
  status: z.enum(['none', 'ok', 'invalid']),
  entries: PolicyViewRecordSchema,
  failed: z.record(z.string(), z.enum(['ask', 'deny'])),
  /** Issue 34: the class the site's rules give each of its abilities that has one. */
  classes: z.record(z.string(), SiteClassSchema),
  version: z.number().int().nonnegative().nullable(),
  /** The signed-in person may change the site's rules (`countersign_manage_policy`). */
  canEdit: z.boolean(),
  updatedAt: z.number().nullable(),
  updatedBy: z.string().nullable(),
  problems: z.array(z.string()),
});
export type SitePolicyView = z.infer<typeof SitePolicyViewSchema>;

/** A site rules save: stored, or refused as stale with the site's rules as they are now. */
export const SitePolicySaveViewSchema = z.object({
  outcome: z.enum(['saved', 'stale']),
  view: SitePolicyViewSchema,
});
export type SitePolicySaveView = z.infer<typeof SitePolicySaveViewSchema>;

/** The target of a site policy request: the site's REST root and the signed-in person. */
export const SiteTargetShape = {
  siteRoot: z.url().max(2000),
  userId: z.string().min(1).max(40),
};
