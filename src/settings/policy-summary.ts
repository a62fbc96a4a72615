import { t } from '../i18n';

/**
 * G4: a rule in plain words, so an admin can check that the JSON-Logic says what they
 * meant. Known operators read as sentences; anything else is named, never hidden. The
 * words are the person's language (issue 37); values stay as the JSON they are.
 */
export function summarizeRule(rule: unknown): string {
  return t('optionsRules.summary.sentence', { condition: phrase(rule) });
}

type Comparison =
  | 'summary.is'
  | 'summary.isNot'
  | 'summary.moreThan'
  | 'summary.atLeast'
  | 'summary.lessThan'
  | 'summary.atMost';

const COMPARE: Record<string, Comparison> = {
  '==': 'summary.is',
  '===': 'summary.is',
  '!=': 'summary.isNot',
  '!==': 'summary.isNot',
  '>': 'summary.moreThan',
  '>=': 'summary.atLeast',
  '<': 'summary.lessThan',
  '<=': 'summary.atMost',
};

const KNOWN_PATHS = {
  'facts.entity.status': 'summary.path.status',
  'facts.entity.type': 'summary.path.type',
  'facts.entity.authorId': 'summary.path.author',
  'facts.entity.id': 'summary.path.id',
} as const;

/** A `var` path in words: known facts by name, input fields as "the call's …". */
export function describePath(path: string): string {
  if (Object.hasOwn(KNOWN_PATHS, path)) {
    return t(`optionsRules.${KNOWN_PATHS[path as keyof typeof KNOWN_PATHS]}`);
  }
  if (path.startsWith('input.'))
    return t('optionsRules.summary.path.input', { field: path.slice(6) });
  if (path.startsWith('facts.'))
    return t('optionsRules.summary.path.fact', { name: path.slice(6) });
  return path === ''
    ? t('optionsRules.summary.path.whole')
    : t('optionsRules.summary.path.other', { path });
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
    const compare = COMPARE[op] as Comparison;
    if (c !== undefined && (op === '<' || op === '<=')) {
      return t('optionsRules.summary.between', {
        a: phrase(b),
        low: phrase(a),
        high: phrase(c),
      });
    }
    return t(`optionsRules.${compare}`, { a: phrase(a), b: phrase(b) });
  }
  if (op === 'and' || op === 'or') {
    const key = op === 'and' ? 'optionsRules.summary.and' : 'optionsRules.summary.or';
    return args.map(group).reduce((left, right) => t(key, { a: left, b: right }));
  }
  if (op === '!') {
    return isVar(a)
      ? t('optionsRules.summary.notSet', { a: phrase(a) })
      : t('optionsRules.summary.notTrue', { a: group(a) });
  }
  if (op === '!!') return t('optionsRules.summary.set', { a: phrase(a) });
  if (op === 'in') {
    return Array.isArray(b)
      ? t('optionsRules.summary.oneOf', { a: phrase(a), list: b.map(phrase).join(', ') })
      : t('optionsRules.summary.contains', { a: phrase(b), b: phrase(a) });
  }
  if (op === 'missing') {
    const list = args.map(phrase).join(', ');
    return t('optionsRules.summary.missing', { list, count: args.length });
  }
  if (op === 'if' || op === '?:') {
    return t('optionsRules.summary.if', { a: phrase(a), b: phrase(b), c: phrase(c) });
  }
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
