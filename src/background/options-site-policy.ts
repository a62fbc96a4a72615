import type { Policy } from '../gate';
import type { SitePolicyReading } from '../settings/policy-site';
import { readEntries } from '../settings/policy-entries';
import type { OptionsReply, SitePolicyView } from '../shared/options-protocol';
import { SitePolicyStaleError, type SitePolicyService } from './site-policy';
import type { MirrorTarget } from '../audit';

/** A reading as the options page shows it. */
export function sitePolicyView(target: MirrorTarget, reading: SitePolicyReading): SitePolicyView {
  return {
    ...target,
    status: reading.status,
    entries: reading.layer.policy,
    failed: { ...(reading.layer.failed ?? {}) },
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
 * The policy is validated entry by entry first (nothing is sent when one is wrong); a stale
 * version answers `stale` with the rules as they are now, and nothing is overwritten.
 */
export async function saveSitePolicy(
  service: SitePolicyService,
  target: MirrorTarget,
  replaces: number,
  raw: unknown,
): Promise<OptionsReply<{ outcome: 'saved' | 'stale'; view: SitePolicyView }>> {
  // Entries for tools of another extension version are the site's business: kept as sent.
  const { policy, problems } = readEntries(raw, { source: 'site' });
  if (problems.length > 0) {
    const message = problems.map((p) => p.message).join(' ');
    return { ok: false, error: { code: 'bad-input', message, problems } };
  }
  try {
    const saved = await service.write(target, replaces, policy as Policy);
    return { ok: true, value: { outcome: 'saved', view: sitePolicyView(target, saved) } };
  } catch (error) {
    if (error instanceof SitePolicyStaleError) {
      return { ok: true, value: { outcome: 'stale', view: sitePolicyView(target, error.current) } };
    }
    throw error;
  }
}
