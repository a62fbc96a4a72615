import { isKnownTool, parsePolicy, PolicyError, type Policy } from '../gate';

/** G11: the managed policy as read: absent, usable, or unusable (which fails closed). */
export type ManagedReading =
  | { status: 'none'; policy: Policy; problems: string[] }
  | { status: 'ok'; policy: Policy; problems: string[] }
  | { status: 'invalid'; policy: Policy; problems: string[] };

/**
 * Reads the `gatePolicy` value of `chrome.storage.managed` (public/managed-schema.json).
 * Policy files cannot hold arbitrary JSON under the browser's schema, so a rule arrives
 * as JSON text and is parsed here. Anything wrong with the shape makes the whole managed
 * policy invalid: an enterprise's deny must never silently become the admin's allow.
 * Entries for tools this version does not have are reported and kept (they never match).
 */
export function parseManagedPolicy(
  raw: unknown,
  tools?: readonly string[],
  sitePrefixes?: readonly string[],
): ManagedReading {
  if (raw === null || raw === undefined) return { status: 'none', policy: {}, problems: [] };
  try {
    const policy = parsePolicy(withParsedRules(raw), { source: 'managed' });
    const known = tools ? new Set(tools) : null;
    const unknown = known
      ? Object.keys(policy).filter((k) => !isKnownTool(k, known, sitePrefixes))
      : [];
    const problems = unknown.map(
      (key) => `Managed policy: "${key}" is not a tool of this version; the entry has no effect.`,
    );
    return { status: 'ok', policy, problems };
  } catch (error) {
    const message = error instanceof PolicyError ? error.message : 'Managed policy: unreadable.';
    return { status: 'invalid', policy: {}, problems: [message] };
  }
}

/** Replaces each entry's rule text with the JSON it holds; unparsable text is an error. */
function withParsedRules(raw: unknown): unknown {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return raw;
  return Object.fromEntries(
    Object.entries(raw).map(([key, entry]) => {
      const rule = (entry as { rule?: unknown } | null)?.rule;
      if (typeof rule !== 'string') return [key, entry];
      try {
        return [key, { ...(entry as object), rule: JSON.parse(rule) as unknown }];
      } catch {
        throw new PolicyError(`Managed policy: entry "${key}" rule: is not valid JSON text.`);
      }
    }),
  );
}
