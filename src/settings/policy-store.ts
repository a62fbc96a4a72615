import { storage } from '#imports';
import { mergeSources, WILDCARD, type EffectivePolicy, type Policy, type SiteLayer } from '../gate';
import type { FieldProblem } from '../shared/protocols/options-protocol';
import { readEntries } from './policy-entries';
import { parseManagedPolicy, type ManagedReading } from './policy-managed';
import { migrateAdminPolicyV1 } from './policy-migration';
import { readTrusted, writeTrusted } from './trusted-settings';

/*
 * The admin's gate policy, `{ policy, updatedAt }`, one value in the trusted store (G11:
 * out of content scripts' reach, so only the options handlers change it, with the typed
 * confirmation and the audit record). One value, so a save is all or nothing.
 */

/** The admin policy as read: usable entries, a problem for each ignored one. */
export interface AdminPolicyReading {
  policy: Policy;
  problems: FieldProblem[];
  updatedAt: number | null;
}

/**
 * Reads the admin policy entry by entry (STYLE 7). An entry that does not validate, or
 * names a tool not in `tools`, is ignored and reported: the tool then falls back to the
 * default, which asks for anything with a side effect (G3).
 */
export async function readAdminPolicy(
  options: { tools?: readonly string[]; sitePrefixes?: readonly string[] } = {},
): Promise<AdminPolicyReading> {
  const raw = await readTrusted('gatePolicy');
  if (raw === null || raw === undefined) return { policy: {}, problems: [], updatedAt: null };
  const stored = migrateAdminPolicyV1(raw); // the same shape check the move applied
  const { policy, problems } = readEntries(stored.policy, { source: 'admin', ...options });
  return { policy, problems, updatedAt: stored.updatedAt };
}

/** Stores a validated admin policy in one write (callers validate with policy-entries). */
export async function writeAdminPolicy(policy: Policy, now: number = Date.now()): Promise<void> {
  await writeTrusted('gatePolicy', { policy, updatedAt: now });
}

/**
 * G11: reads the browser-managed policy. A storage error counts as an unreadable policy,
 * never as "no policy": Countersign cannot tell whether an enterprise set one.
 */
export async function readManagedPolicy(
  tools?: readonly string[],
  sitePrefixes?: readonly string[],
): Promise<ManagedReading> {
  try {
    const raw = await storage.getItem<unknown>('managed:gatePolicy');
    return parseManagedPolicy(raw, tools, sitePrefixes);
  } catch {
    const problems = ['Managed policy: the browser could not read it.'];
    return { status: 'invalid', policy: {}, problems };
  }
}

/** Which entries the managed policy locks in the editor (G11). */
export interface PolicyLocks {
  /** Everything is locked: a managed `"*"` decides every tool, or the policy failed closed. */
  all: boolean;
  /** The keys the managed policy names itself. */
  keys: string[];
}

/** What the run loop and the editor read: the merged policy, locks and problems. */
export interface EffectivePolicyReading {
  policy: EffectivePolicy;
  managed: ManagedReading['status'];
  locked: PolicyLocks;
  problems: string[];
}

/** Said whenever the managed policy cannot be used (G11 fails closed). */
export const FAIL_CLOSED =
  "Countersign ignores the site's and the admin's rules (except the site's refusals) and uses its defaults (reads run, everything else asks) until the managed policy is fixed.";

/** What a managed policy that failed closed keeps of the site's layer: only what refuses. */
function refusalsOnly(site: SiteLayer | undefined): SiteLayer | undefined {
  if (!site) return undefined;
  const policy = Object.fromEntries(
    Object.entries(site.policy).filter(([, entry]) => entry.mode === 'deny'),
  );
  const failed = Object.fromEntries(
    Object.entries(site.failed ?? {}).filter(([, mode]) => mode === 'deny'),
  );
  // G15: the second-approver rules only tighten, so they stay.
  return { ...site, policy, failed };
}

/**
 * G11: the policy the gate applies, managed over the site's (when the call's site has the
 * Countersign plugin; `site` is its layer, see policy-site.ts) over the local admin's over
 * defaults. A managed policy that cannot be used never falls back to the weaker rules
 * (which might allow what the enterprise denied): the gate then runs on the defaults alone
 * (G3), which auto-approve nothing with a side effect, keeping only the site's refusals,
 * and the problem is reported. Pass the registry's tool names so entries for unknown tools
 * are reported.
 */
export async function readEffectivePolicy(
  options: { tools?: readonly string[]; site?: SiteLayer } = {},
): Promise<EffectivePolicyReading> {
  const managed = await readManagedPolicy(options.tools);
  if (managed.status === 'invalid') {
    return {
      policy: mergeSources({ site: refusalsOnly(options.site) }),
      managed: 'invalid',
      locked: { all: true, keys: [] },
      problems: [...managed.problems, FAIL_CLOSED],
    };
  }
  const admin = await readAdminPolicy(options);
  const keys = Object.keys(managed.policy);
  return {
    policy: mergeSources({ managed: managed.policy, site: options.site, admin: admin.policy }),
    managed: managed.status,
    locked: { all: keys.includes(WILDCARD), keys },
    problems: [
      ...managed.problems,
      ...admin.problems.map((p) => `${p.message} The entry is ignored.`),
    ],
  };
}
