import type { z } from 'zod';
import { formatFieldPath } from './field-path';

/** Zod node types that would make the JSON Schema lie about what the tool accepts. */
const UNSUPPORTED: Record<string, string> = {
  transform: 'a transform (the model would see one type and the tool get another)',
  date: 'a Date (JSON has no dates; use an ISO string)',
  bigint: 'a BigInt (JSON has no BigInt; use a number or string)',
  symbol: 'a Symbol',
  undefined: 'an undefined type',
  void: 'a void type',
  nan: 'a NaN type',
  map: 'a Map (use an object)',
  set: 'a Set (use an array)',
  custom: 'a z.custom type (no JSON Schema can describe it)',
  function: 'a function type',
  promise: 'a promise type',
};

/** Def keys that hold child schemas; `checks` is deliberately absent (refinements are fine). */
const CHILD_KEYS = ['element', 'options', 'innerType', 'in', 'out', 'left', 'right'] as const;
const KEYED_CHILD_KEYS = ['keyType', 'valueType', 'catchall', 'rest'] as const;

interface ZodNode {
  _zod: { def: Record<string, unknown> & { type: string }; innerType?: ZodNode };
}

function isNode(value: unknown): value is ZodNode {
  return typeof value === 'object' && value !== null && '_zod' in value;
}

/**
 * Finds the first part of a zod schema that JSON Schema cannot represent honestly, and
 * returns a sentence naming where it is (`field "meta.tags[]"`), or null when all is well.
 */
export function findUnsupportedShape(schema: z.ZodType): string | null {
  return visit(schema as unknown as ZodNode, [], new Set());
}

function visit(node: ZodNode, path: string[], seen: Set<ZodNode>): string | null {
  if (seen.has(node)) return null;
  seen.add(node);
  const def = node._zod.def;
  const problem = UNSUPPORTED[def.type];
  // A codec is a pipe that carries its own transform functions.
  const codec = def.type === 'pipe' && typeof def['transform'] === 'function';
  if (problem || codec) {
    const where = path.length ? `field "${formatFieldPath(path)}"` : 'the input root';
    return `${where} uses ${problem ?? UNSUPPORTED['transform']}`;
  }
  for (const [key, child] of children(node)) {
    const found = visit(child, key === undefined ? path : [...path, key], seen);
    if (found) return found;
  }
  return null;
}

/** Child schemas with the path segment each adds (undefined: same field, a wrapper). */
function children(node: ZodNode): [string | undefined, ZodNode][] {
  const def = node._zod.def;
  const out: [string | undefined, ZodNode][] = [];
  if (def.type === 'lazy' && node._zod.innerType) out.push([undefined, node._zod.innerType]);
  if (def.type === 'object' && typeof def['shape'] === 'object' && def['shape'] !== null) {
    for (const [name, child] of Object.entries(def['shape'])) {
      if (isNode(child)) out.push([name, child]);
    }
  }
  for (const key of CHILD_KEYS) {
    const value = def[key];
    const list = Array.isArray(value) ? value : [value];
    const segment = key === 'element' ? '[]' : undefined;
    for (const child of list) if (isNode(child)) out.push([segment, child]);
  }
  if (def.type === 'tuple' && Array.isArray(def['items'])) {
    def['items'].forEach((child, i) => isNode(child) && out.push([`[${i}]`, child]));
  }
  for (const key of KEYED_CHILD_KEYS) {
    const child = def[key];
    if (isNode(child)) out.push([key === 'keyType' ? '[(key)]' : '[*]', child]);
  }
  return out;
}
