import { splitSiteClasses, type SitePolicyReading } from '../settings/policy-site';
import { readEntries } from '../settings/policy-entries';
import type { OptionsReply, SitePolicyView } from '../shared/protocols/options-protocol';
import { SitePolicyStaleError, type SitePolicyService } from './site-policy';
import type { MirrorTarget } from '../audit';

/** A reading as the options page shows it. */
export function sitePolicyView(target: MirrorTarget, reading: SitePolicyReading): SitePolicyView {
  return {
    ...target,
    status: reading.status,
    entries: reading.layer.policy,
    failed: { ...(reading.layer.failed ?? {}) },
    classes: { ...(reading.layer.classes ?? {}) },
    version: reading.version,
    canEdit: reading.canEdit,
    updatedAt: reading.updatedAt,
    updatedBy: reading.updatedBy
      ? reading.updatedBy.displayName || `user ${reading.updatedBy.userId}`
      : null,
    problems: reading.problems,
  };
}

/** G11: the site's rules for the options page, read now (the page asks when it opens). */
export async function getSitePolicy(
  service: SitePolicyService,
  target: MirrorTarget,
): Promise<OptionsReply<SitePolicyView>> {
  return { ok: true, value: sitePolicyView(target, await service.refresh(target)) };
}

/**
 * G11: saves the site's rules as the signed-in person, naming the version the page read.
 * The policy is validated entry by entry first (nothing is sent when one is wrong), an
 * ability's `class` too (issue 34); a stale version answers `stale` with the rules as they
 * are now, and nothing is overwritten.
 */
export async function saveSitePolicy(
  service: SitePolicyService,
  target: MirrorTarget,
  replaces: number,
  raw: unknown,
  sitePrefixes: readonly string[] = [],
): Promise<OptionsReply<{ outcome: 'saved' | 'stale'; view: SitePolicyView }>> {
  const isDoc = typeof raw === 'object' && raw !== null && !Array.isArray(raw);
  const split = isDoc
    ? splitSiteClasses(raw as Record<string, unknown>, sitePrefixes)
    : { entries: raw, classes: {}, problems: [] };
  // Entries for tools of another extension version are the site's business: kept as sent.
  const { policy, problems } = readEntries(split.entries, { source: 'site' });
  const classProblems = split.problems.map(({ key, message }) => ({
    entry: key,
    field: 'class' as const,
    message,
  }));
  const all = [...classProblems, ...problems];
  if (all.length > 0) {
    const message = all.map((p) => p.message).join(' ');
    return { ok: false, error: { code: 'bad-input', message, problems: all } };
  }
  const doc: Record<string, object> = { ...policy };
  for (const [key, cls] of Object.entries(split.classes)) doc[key] = { ...doc[key], class: cls };
  try {
    const saved = await service.write(target, replaces, doc);
    return { ok: true, value: { outcome: 'saved', view: sitePolicyView(target, saved) } };
  } catch (error) {
    if (error instanceof SitePolicyStaleError) {
      return { ok: true, value: { outcome: 'stale', view: sitePolicyView(target, error.current) } };
    }
    throw error;
  }
}
