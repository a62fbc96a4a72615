import {
  WILDCARD,
  type EffectivePolicy,
  type JsonLogicRule,
  type Policy,
  type PolicyMode,
  type SourcedEntry,
} from './policy-schema';

/**
 * G11: merges the managed (enterprise) policy over the admin's. Per key, the managed
 * entry wins; the admin keys it replaced are listed in `shadowed` so the options page
 * can say so. Pass `{}` for a source that has no policy.
 */
export function mergePolicies(managed: Policy, admin: Policy): EffectivePolicy {
  const entries: Record<string, SourcedEntry> = {};
  const shadowed: string[] = [];
  for (const [key, entry] of Object.entries(admin)) entries[key] = { ...entry, source: 'admin' };
  for (const [key, entry] of Object.entries(managed)) {
    if (Object.hasOwn(admin, key)) shadowed.push(key);
    entries[key] = { ...entry, source: 'managed' };
  }
  return { entries, shadowed };
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
  source: 'managed' | 'admin' | 'default';
  /** The key that matched: the tool's name or `"*"`. Defaults use the tool's name. */
  entry: string;
}

/**
 * G11: finds the entry for a tool, strongest source first: managed tool entry, managed
 * `"*"`, admin tool entry, admin `"*"`. Undefined means the tool's default applies (G3).
 */
export function resolvePolicyEntry(
  policy: EffectivePolicy,
  toolName: string,
): ResolvedEntry | undefined {
  const own = entryOf(policy, toolName);
  const wildcard = entryOf(policy, WILDCARD);
  const order: [SourcedEntry | undefined, string][] = [
    [own?.source === 'managed' ? own : undefined, toolName],
    [wildcard?.source === 'managed' ? wildcard : undefined, WILDCARD],
    [own, toolName],
    [wildcard, WILDCARD],
  ];
  for (const [found, key] of order) {
    if (found) {
      const resolved: ResolvedEntry = { mode: found.mode, source: found.source, entry: key };
      if (found.rule !== undefined) resolved.rule = found.rule;
      return resolved;
    }
  }
  return undefined;
}

/**
 * G2: the explicit `"*": "allow"` opt-in is on when the `"*"` entry that applies (the
 * stronger source's) has mode allow. It is the only thing that lifts the always-ask
 * classes, and never a default: an empty policy has no `"*"` entry.
 */
export function wildcardAllowOptIn(policy: EffectivePolicy): boolean {
  return entryOf(policy, WILDCARD)?.mode === 'allow';
}
