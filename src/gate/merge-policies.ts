import type { SecondApproverPolicy } from './approver-policy';
import {
  WILDCARD,
  type EffectivePolicy,
  type JsonLogicRule,
  type Policy,
  type PolicyEntry,
  type PolicyMode,
  type SiteClass,
  type SourcedEntry,
} from './policy-schema';

/** How a site policy entry that did not validate still applies: it asks, or refuses. */
export type FailedClosedMode = 'ask' | 'deny';

/**
 * G11: the site's policy as the gate takes it: the entries that validated, and for each key
 * whose entry did not, the mode it fails closed to (`"*"` when the whole document could not
 * be read, so every tool without a valid site entry asks).
 */
export interface SiteLayer {
  policy: Policy;
  failed?: Readonly<Record<string, FailedClosedMode>>;
  /** G15: the site's second-approver rules, when it has any. */
  approvals?: SecondApproverPolicy;
  /** G15: the site holds the plugin but its approvals could not be read (fail closed). */
  approvalsUnknown?: true;
  /** Issue 34: the classes the site's rules give its own tools (abilities), by tool name. */
  classes?: Readonly<Record<string, SiteClass>>;
}

/**
 * G2, G11: what of the site's `"*"` entry applies. A site may tighten every tool but relax
 * a single tool only: a `"*"` that would approve (allow, once, or a rule) is not applied,
 * so the weaker sources and the defaults decide instead; `ask` and `deny` apply as they are.
 */
export function siteWildcardApplies(entry: PolicyEntry): PolicyEntry | null {
  if (entry.mode === 'allow' || entry.mode === 'once') return null;
  return { mode: entry.mode };
}

/** The policies of every source; a source without a policy is left out (or `{}`). */
export interface PolicySources {
  managed?: Policy;
  site?: SiteLayer;
  admin?: Policy;
}

/**
 * G11: merges the sources, strongest first: managed (enterprise) > site > the local
 * admin's rules. Per key the stronger source's entry wins; the keys of a weaker source it
 * replaced are listed in `shadowed` so the options page can say so. A site entry that did
 * not validate fails closed: it is kept as an `ask` (or `deny`) entry marked `failedClosed`.
 */
export function mergeSources(sources: PolicySources): EffectivePolicy {
  const entries: Record<string, SourcedEntry> = {};
  const shadowed = new Set<string>();
  const put = (key: string, entry: SourcedEntry) => {
    if (Object.hasOwn(entries, key)) shadowed.add(key);
    entries[key] = entry;
  };
  for (const [key, entry] of Object.entries(sources.admin ?? {})) {
    put(key, { ...entry, source: 'admin' });
  }
  const site = sources.site;
  for (const [key, entry] of Object.entries(site?.policy ?? {})) {
    const applies = key === WILDCARD ? siteWildcardApplies(entry) : entry;
    if (applies) put(key, { ...applies, source: 'site' });
  }
  for (const [key, mode] of Object.entries(site?.failed ?? {})) {
    put(key, { mode, source: 'site', failedClosed: true });
  }
  for (const [key, entry] of Object.entries(sources.managed ?? {})) {
    put(key, { ...entry, source: 'managed' });
  }
  const merged: EffectivePolicy = { entries, shadowed: [...shadowed] };
  if (site?.approvals) merged.approvals = site.approvals;
  if (site?.approvalsUnknown) merged.approvalsUnknown = true;
  if (site?.classes && Object.keys(site.classes).length > 0) merged.classes = { ...site.classes };
  return merged;
}

/**
 * G11: merges the managed (enterprise) policy over the admin's (no site policy). Pass `{}`
 * for a source that has no policy.
 */
export function mergePolicies(managed: Policy, admin: Policy): EffectivePolicy {
  return mergeSources({ managed, admin });
}

/** The entry of the effective policy under `key`, if any (own keys only). */
export function entryOf(policy: EffectivePolicy, key: string): SourcedEntry | undefined {
  return Object.hasOwn(policy.entries, key) ? policy.entries[key] : undefined;
}

/**
 * G11: the managed entry that locks `key` in the options page: the managed entry of the
 * same key, else a managed `"*"` (which decides every tool without a managed entry, so
 * admin entries under it have no effect). Null when the admin's entry would apply.
 */
export function lockedBy(policy: EffectivePolicy, key: string): string | null {
  if (entryOf(policy, key)?.source === 'managed') return key;
  if (entryOf(policy, WILDCARD)?.source === 'managed') return WILDCARD;
  return null;
}

/** The policy entry that applies to a tool, before always-ask classes and threads. */
export interface ResolvedEntry {
  mode: PolicyMode;
  rule?: JsonLogicRule;
  source: 'managed' | 'site' | 'admin' | 'default';
  /** The site's entry for this key did not validate: it asks (or refuses) and approves nothing. */
  failedClosed?: true;
  /** The key that matched: the tool's name or `"*"`. Defaults use the tool's name. */
  entry: string;
}

const STRENGTH: readonly SourcedEntry['source'][] = ['managed', 'site', 'admin'];

/**
 * G11: finds the entry for a tool, strongest source first: for each of managed, site and
 * admin, its entry for the tool, then its `"*"`. Undefined means the tool's default applies
 * (G3).
 */
export function resolvePolicyEntry(
  policy: EffectivePolicy,
  toolName: string,
): ResolvedEntry | undefined {
  const own = entryOf(policy, toolName);
  const wildcard = entryOf(policy, WILDCARD);
  for (const source of STRENGTH) {
    for (const [found, key] of [
      [own, toolName],
      [wildcard, WILDCARD],
    ] as const) {
      if (found?.source !== source) continue;
      const resolved: ResolvedEntry = { mode: found.mode, source, entry: key };
      if (found.rule !== undefined) resolved.rule = found.rule;
      if (found.failedClosed) resolved.failedClosed = true;
      return resolved;
    }
  }
  return undefined;
}

/**
 * G2, G11: the explicit `"*": "allow"` opt-in is on when the `"*"` entry that applies (the
 * stronger source's) has mode allow and comes from the managed policy or the person's own
 * browser admin (who confirmed it in typed words). The site's policy can never switch it
 * on. It is the only thing that lifts the always-ask classes, and never a default: an
 * empty policy has no `"*"` entry.
 */
export function wildcardAllowOptIn(policy: EffectivePolicy): boolean {
  const wildcard = entryOf(policy, WILDCARD);
  if (wildcard?.source !== 'managed' && wildcard?.source !== 'admin') return false;
  return wildcard.mode === 'allow' && !wildcard.failedClosed;
}
