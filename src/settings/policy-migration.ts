/**
 * The admin policy as stored (version 2): the policy and when it was last saved. Entries
 * are validated one by one whenever they are read (see policy-entries.ts).
 */
export interface StoredAdminPolicy {
  policy: Record<string, unknown>;
  updatedAt: number | null;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A bare policy as version 1 stored it, and as hand-written files and managed policy
 * documents look: entries keyed by tool name, each `{ mode, rule? }` or just the mode
 * (`"wp_get_entity": "allow"`). Shorthand modes become entries; everything else is kept
 * as it is, for reading to validate and report.
 */
export function expandShorthand(raw: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(raw).map(([key, entry]) => [
      key,
      typeof entry === 'string' ? { mode: entry } : entry,
    ]),
  );
}

/**
 * Version 1 to 2: a bare policy object becomes `{ policy, updatedAt: null }`. A value that
 * already has the version 2 shape (its version metadata lost) passes through; anything
 * that is not an object becomes an empty policy, so the defaults apply (G3).
 */
export function migrateAdminPolicyV1(old: unknown): StoredAdminPolicy {
  if (!isObject(old)) return { policy: {}, updatedAt: null };
  if (
    isObject(old['policy']) &&
    Object.keys(old).every((k) => k === 'policy' || k === 'updatedAt')
  ) {
    const updatedAt = typeof old['updatedAt'] === 'number' ? old['updatedAt'] : null;
    return { policy: old['policy'], updatedAt };
  }
  return { policy: expandShorthand(old), updatedAt: null };
}
