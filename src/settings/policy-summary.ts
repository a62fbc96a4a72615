/**
 * G4: a rule in plain words, so an admin can check that the JSON-Logic says what they
 * meant. Known operators read as sentences; anything else is named, never hidden.
 */
export function summarizeRule(rule: unknown): string {
  return `Auto-approves a call when ${phrase(rule)}. Any other call asks.`;
}

const COMPARE: Record<string, string> = {
  '==': 'is',
  '===': 'is',
  '!=': 'is not',
  '!==': 'is not',
  '>': 'is more than',
  '>=': 'is at least',
  '<': 'is less than',
  '<=': 'is at most',
};

const KNOWN_PATHS: Record<string, string> = {
  'facts.entity.status': "the entry's current status",
  'facts.entity.type': "the entry's type",
  'facts.entity.authorId': "the entry's author (user id)",
  'facts.entity.id': "the entry's id",
};

/** A `var` path in words: known facts by name, input fields as "the call's …". */
export function describePath(path: string): string {
  if (Object.hasOwn(KNOWN_PATHS, path)) return KNOWN_PATHS[path] as string;
  if (path.startsWith('input.')) return `the call's "${path.slice(6)}"`;
  if (path.startsWith('facts.')) return `the fact "${path.slice(6)}"`;
  return path === '' ? 'the whole call' : `"${path}"`;
}

function phrase(node: unknown): string {
  if (Array.isArray(node)) return `[${node.map(phrase).join(', ')}]`;
  if (typeof node !== 'object' || node === null) return JSON.stringify(node);
  const entries = Object.entries(node);
  if (entries.length !== 1) return JSON.stringify(node);
  const [op, raw] = entries[0] as [string, unknown];
  const args = Array.isArray(raw) ? raw : [raw];
  return operation(op, args) ?? `${op}(${args.map(phrase).join(', ')})`;
}

function operation(op: string, args: unknown[]): string | undefined {
  const [a, b, c] = args;
  if (op === 'var') return describePath(typeof a === 'string' ? a : String(a ?? ''));
  if (Object.hasOwn(COMPARE, op)) {
    if (c !== undefined && (op === '<' || op === '<=')) {
      return `${phrase(b)} is between ${phrase(a)} and ${phrase(c)}`;
    }
    return `${phrase(a)} ${COMPARE[op]} ${phrase(b)}`;
  }
  if (op === 'and' || op === 'or') return args.map(group).join(` ${op} `);
  if (op === '!') return isVar(a) ? `${phrase(a)} is not set` : `it is not true that ${group(a)}`;
  if (op === '!!') return `${phrase(a)} is set`;
  if (op === 'in') {
    return Array.isArray(b)
      ? `${phrase(a)} is one of ${b.map(phrase).join(', ')}`
      : `${phrase(b)} contains ${phrase(a)}`;
  }
  if (op === 'missing')
    return `${args.map(phrase).join(', ')} ${args.length > 1 ? 'are' : 'is'} missing`;
  if (op === 'if' || op === '?:')
    return `if ${phrase(a)} then ${phrase(b)}, otherwise ${phrase(c)}`;
  return undefined;
}

function isVar(node: unknown): boolean {
  return typeof node === 'object' && node !== null && Object.keys(node)[0] === 'var';
}

/** Nested and/or read ambiguously without brackets. */
function group(node: unknown): string {
  const text = phrase(node);
  const op = typeof node === 'object' && node !== null ? Object.keys(node)[0] : undefined;
  return op === 'and' || op === 'or' ? `(${text})` : text;
}
