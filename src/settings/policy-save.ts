import type { Policy, PolicyEntry } from '../gate';
import type { FieldProblem } from '../shared/protocols/options-protocol';
import { readEntries } from './policy-entries';
import { confirmsWildcardAllow, hasWildcardAllow, WILDCARD_ALLOW_PHRASE } from './policy-opt-in';

/** A6: one policy entry a save adds, changes or removes. */
export interface PolicyEntryChange {
  key: string;
  current: PolicyEntry | null;
  proposed: PolicyEntry | null;
  deleted?: true;
}

/** A save that passed every check: the new policy and what it changes. */
export interface PolicySave {
  policy: Policy;
  changes: PolicyEntryChange[];
  /** The save turns the `"*": "allow"` opt-in on (G2): the audit says so. */
  optInOn: boolean;
  /** The save turns it off. */
  optInOff: boolean;
}

/**
 * Checks a whole admin policy before anything is stored: every entry (modes, rules, tool
 * names), and, when it turns on `"*": "allow"`, the typed confirmation phrase. Either all
 * of it is usable or nothing is saved; each problem names its entry and field.
 */
export function checkPolicySave(
  raw: unknown,
  options: {
    tools: readonly string[];
    sitePrefixes?: readonly string[];
    before: Policy;
    confirmation?: string;
  },
): { ok: true; save: PolicySave } | { ok: false; problems: FieldProblem[] } {
  const { tools, sitePrefixes } = options;
  const { policy, problems } = readEntries(raw, { source: 'admin', tools, sitePrefixes });
  const optInOn = hasWildcardAllow(policy) && !hasWildcardAllow(options.before);
  if (optInOn && !confirmsWildcardAllow(options.confirmation)) {
    problems.push({
      entry: '*',
      field: 'confirmation',
      message: `To let every call run without asking, type "${WILDCARD_ALLOW_PHRASE}" exactly.`,
    });
  }
  if (problems.length > 0) return { ok: false, problems };
  const optInOff = hasWildcardAllow(options.before) && !hasWildcardAllow(policy);
  return {
    ok: true,
    save: { policy, changes: diffPolicies(options.before, policy), optInOn, optInOff },
  };
}

/** A6: the entries that differ between two policies, in key order. */
export function diffPolicies(before: Policy, after: Policy): PolicyEntryChange[] {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  const changes: PolicyEntryChange[] = [];
  for (const key of keys) {
    const current = Object.hasOwn(before, key) ? (before[key] ?? null) : null;
    const proposed = Object.hasOwn(after, key) ? (after[key] ?? null) : null;
    if (JSON.stringify(current) === JSON.stringify(proposed)) continue;
    changes.push(
      proposed === null ? { key, current, proposed, deleted: true } : { key, current, proposed },
    );
  }
  return changes;
}
