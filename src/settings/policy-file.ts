import type { Policy } from '../gate';
import type { FieldProblem } from '../shared/protocols/options-protocol';
import { readEntries } from './policy-entries';
import { expandShorthand } from './policy-migration';

/** What an exported policy file says it is. */
export const POLICY_FILE_FORMAT = 'countersign-gate-policy';
/** The layout version of exported files; it follows the stored item's version. */
export const POLICY_FILE_VERSION = 2;

/** An export of the admin policy, as pretty JSON text with its format and version. */
export function policyFileText(policy: Policy, now: number = Date.now()): string {
  const file = {
    format: POLICY_FILE_FORMAT,
    version: POLICY_FILE_VERSION,
    exportedAt: new Date(now).toISOString(),
    policy,
  };
  return `${JSON.stringify(file, null, 2)}\n`;
}

/** The outcome of reading a file: the whole policy, or every problem found. */
export type PolicyFileReading =
  { ok: true; policy: Policy } | { ok: false; problems: FieldProblem[] };

const SHAPE =
  'the file must hold a JSON object: a Countersign policy export ({"format": "countersign-gate-policy", "version": 2, "policy": {…}}) or a bare policy ({"wp_update_post": {"mode": "ask"}})';

/**
 * Reads an imported file in full before anything changes: JSON, then the envelope (or a
 * bare version 1 policy, migrated like the stored item), then every entry against the
 * known tools. Nothing is returned unless all of it is usable.
 */
export function readPolicyFile(text: string, tools: readonly string[]): PolicyFileReading {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    const detail = error instanceof SyntaxError ? ` (${error.message})` : '';
    return fail(`Import: the file is not JSON${detail}.`);
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    return fail(`Import: ${SHAPE}.`);
  const body = unwrap(raw as Record<string, unknown>);
  if (typeof body === 'string') return fail(body);
  const { policy, problems } = readEntries(expandShorthand(body), { source: 'admin', tools });
  return problems.length > 0 ? { ok: false, problems } : { ok: true, policy };
}

/** The policy inside an export envelope, a bare policy as it is, or a problem. */
function unwrap(raw: Record<string, unknown>): Record<string, unknown> | string {
  if (!Object.hasOwn(raw, 'format')) return raw;
  if (raw['format'] !== POLICY_FILE_FORMAT) {
    return `Import: "format" must be "${POLICY_FILE_FORMAT}"; this file is something else.`;
  }
  const version = raw['version'];
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) {
    return 'Import: "version" must be a whole number such as 2.';
  }
  if (version > POLICY_FILE_VERSION) {
    return `Import: the file is version ${version}, newer than this Countersign reads (${POLICY_FILE_VERSION}).`;
  }
  const policy = raw['policy'];
  if (typeof policy !== 'object' || policy === null || Array.isArray(policy)) {
    return 'Import: "policy" must be an object of entries keyed by tool name or "*".';
  }
  return policy as Record<string, unknown>;
}

function fail(message: string): PolicyFileReading {
  return { ok: false, problems: [{ entry: null, field: 'file', message }] };
}
