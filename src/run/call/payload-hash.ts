import { CountersignError } from '../../shared/errors';

/** A value that has no canonical JSON form (G6): the message names where it is. */
export class CanonicalJsonError extends CountersignError {
  constructor(message: string) {
    super('not-canonicalizable', message);
  }
}

/**
 * G6: the canonical JSON of a value, the form the payload hash is taken over.
 * Object keys sorted by UTF-16 code units (as RFC 8785 JCS), no whitespace, numbers in
 * JavaScript's shortest round-trip form (`-0` becomes `0`), strings escaped exactly as
 * JSON.stringify escapes them, with no Unicode normalization. Object properties whose
 * value is undefined are left out, as JSON.stringify does. Non-finite numbers, undefined
 * in arrays, functions, symbols, BigInts, non-plain objects and cycles are refused with
 * a CanonicalJsonError naming the path.
 */
export function canonicalJson(value: unknown): string {
  return write(value, '$', new Set());
}

function write(value: unknown, path: string, ancestors: Set<object>): string {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') {
    return JSON.stringify(value);
  }
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) fail(path, `is ${String(value)}, which JSON cannot hold`);
    // JSON.stringify gives the shortest round-trip form and writes -0 as 0.
    return JSON.stringify(value);
  }
  if (value === undefined) fail(path, 'is undefined');
  if (typeof value !== 'object') fail(path, `is a ${typeof value}, which JSON cannot hold`);
  if (ancestors.has(value)) fail(path, 'refers back to itself (a cycle)');
  ancestors.add(value);
  try {
    if (Array.isArray(value)) return writeArray(value, path, ancestors);
    const proto: unknown = Object.getPrototypeOf(value);
    if (proto !== Object.prototype && proto !== null) {
      fail(path, `is a ${value.constructor?.name ?? 'non-plain'} object, not plain JSON data`);
    }
    return writeObject(value as Record<string, unknown>, path, ancestors);
  } finally {
    ancestors.delete(value);
  }
}

function writeArray(items: unknown[], path: string, ancestors: Set<object>): string {
  const parts: string[] = [];
  for (let i = 0; i < items.length; i += 1) {
    // Holes and undefined would silently become null; a hash must not guess.
    if (!(i in items) || items[i] === undefined) fail(`${path}[${i}]`, 'is undefined');
    parts.push(write(items[i], `${path}[${i}]`, ancestors));
  }
  return `[${parts.join(',')}]`;
}

function writeObject(
  record: Record<string, unknown>,
  path: string,
  ancestors: Set<object>,
): string {
  // The default sort compares UTF-16 code units, which is what RFC 8785 asks for.
  const keys = Object.keys(record).sort();
  const parts: string[] = [];
  for (const key of keys) {
    const child = record[key];
    if (child === undefined) continue;
    parts.push(`${JSON.stringify(key)}:${write(child, childPath(path, key), ancestors)}`);
  }
  return `{${parts.join(',')}}`;
}

function childPath(path: string, key: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;
}

function fail(path: string, problem: string): never {
  throw new CanonicalJsonError(`Cannot hash the call: the value at ${path} ${problem}.`);
}

/**
 * G6/G7: the payload hash of a call: lowercase hex SHA-256 (WebCrypto) of the UTF-8
 * bytes of `canonicalJson({ tool, input })`.
 */
export async function payloadHash(tool: string, input: unknown): Promise<string> {
  const bytes = new TextEncoder().encode(canonicalJson({ tool, input }));
  const digest = await crypto.subtle.digest('SHA-256', bytes);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** C4: the short payload hash shown on cards: the first 8 hex characters. */
export function shortHash(hex: string): string {
  return hex.slice(0, 8);
}
