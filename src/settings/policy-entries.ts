import type { z } from 'zod';
import { parsePolicy, PolicyError, type Policy, type PolicySource } from '../gate';
import type { FieldProblem } from '../shared/protocols/options-protocol';

/** A policy read entry by entry: the usable entries, and a problem for each other one. */
export interface EntriesReading {
  policy: Policy;
  problems: FieldProblem[];
}

const LABEL: Record<PolicySource, string> = {
  managed: 'Managed policy',
  site: "This site's policy",
  admin: 'Admin policy',
};

/**
 * G4/G11: validates each entry on its own with `parsePolicy`, so one bad entry is named
 * (with the field it concerns) and the others are still read. The caller decides what a
 * problem means: the editor refuses to save, the run loop ignores the entry.
 */
export function readEntries(
  raw: unknown,
  options: { source: PolicySource; tools?: readonly string[]; sitePrefixes?: readonly string[] },
): EntriesReading {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    const message = `${LABEL[options.source]}: expected an object of entries keyed by tool name or "*".`;
    return { policy: {}, problems: [{ entry: null, field: null, message }] };
  }
  const policy: Policy = {};
  const problems: FieldProblem[] = [];
  for (const [key, entry] of Object.entries(raw)) {
    try {
      Object.assign(policy, parsePolicy({ [key]: entry }, options));
    } catch (error) {
      if (!(error instanceof PolicyError)) throw error;
      problems.push({ entry: key, field: fieldOf(error), message: error.message });
    }
  }
  return { policy, problems };
}

/** Which field of the entry a schema problem concerns (`mode` or `rule`), if one. */
function fieldOf(error: PolicyError): FieldProblem['field'] {
  const issues = (error.cause as z.ZodError | undefined)?.issues ?? [];
  const field = issues[0]?.path[1];
  return field === 'mode' || field === 'rule' ? field : null;
}
