import type { z } from 'zod';
import { PolicyError } from './policy-error';
import { PolicySchema, WILDCARD, type Policy, type PolicySource } from './policy-schema';

const LABELS: Record<PolicySource, string> = {
  managed: 'Managed policy',
  site: "This site's policy",
  admin: 'Admin policy',
};

/** Options for reading a policy. */
export interface ParsePolicyOptions {
  /** Which source the policy comes from, named in error messages. */
  source: PolicySource;
  /** When given, an entry for a tool not in this list is an error (a typo never matches). */
  tools?: readonly string[];
  /**
   * Name starts of the tools a site adds (a WordPress site's abilities: `ab_`, `abh_`): such
   * an entry is known, as it applies on every site that offers that tool.
   */
  sitePrefixes?: readonly string[];
}

/** Whether a policy key names a tool: `*`, one of `tools`, or a site's own tool by its start. */
export function isKnownTool(
  key: string,
  tools: ReadonlySet<string>,
  sitePrefixes: readonly string[] = [],
): boolean {
  return key === WILDCARD || tools.has(key) || sitePrefixes.some((p) => key.startsWith(p));
}

/**
 * G11/G4: reads a managed, site or admin policy from storage or the options form. Throws a
 * PolicyError whose message names the source, the entry and every problem: an unknown
 * mode, an unknown JSON-Logic operator, a rule on an allow/deny entry, an unknown tool.
 */
export function parsePolicy(raw: unknown, options: ParsePolicyOptions): Policy {
  const label = LABELS[options.source];
  const parsed = PolicySchema.safeParse(raw);
  if (!parsed.success) {
    throw new PolicyError(`${label}: ${describe(parsed.error.issues)}.`, { cause: parsed.error });
  }
  if (options.tools) {
    const known = new Set(options.tools);
    const unknown = Object.keys(parsed.data).filter(
      (key) => !isKnownTool(key, known, options.sitePrefixes),
    );
    if (unknown.length > 0) {
      const names = unknown.map((key) => `"${key}"`).join(', ');
      throw new PolicyError(
        `${label}: ${names} ${unknown.length > 1 ? 'are' : 'is'} not a known tool.`,
      );
    }
  }
  return parsed.data;
}

/** Renders issues as `entry "wp_update_post" rule: problem`, joined by semicolons. */
function describe(issues: readonly z.core.$ZodIssue[]): string {
  return issues
    .map((issue) => {
      const [key, ...rest] = issue.path.map(String);
      if (key === undefined) return `expected an object of entries keyed by tool name or "*"`;
      // Zod reports bad record keys with the key as the path's last segment.
      const where = `entry "${key}"${rest.length ? ` ${rest.join('.')}` : ''}`;
      if (issue.code === 'invalid_key') {
        return `${where}: the key must be a tool name (snake_case verb_noun) or "*"`;
      }
      if (rest[0] === 'rule' && issue.message === 'Invalid input') {
        return `${where}: the rule must be plain JSON data`;
      }
      return `${where}: ${issue.message.replace(/^Invalid input: /, '')}`;
    })
    .join('; ');
}
