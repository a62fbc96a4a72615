import { formatFieldPath } from '../../tools/field-path';

/** Keys that can reach an object's prototype when data is merged or assigned. */
export const UNSAFE_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * How deep a tool input from the model may nest. No tool takes more than a few levels;
 * far deeper values would overflow the stack of JSON.stringify and structured cloning
 * when the transcript is saved, so they are refused like an unsafe key.
 */
export const MAX_INPUT_DEPTH = 64;

/** The `key` reported for a value nested deeper than allowed (no real key is this). */
export const TOO_DEEP = '(nested too deep)';

/** Where an unsafe key (or too deep a value) was found: its name and the path to it. */
export interface UnsafeKey {
  key: string;
  path: string;
}

/**
 * Finds the first `__proto__`, `constructor` or `prototype` key anywhere in a JSON value
 * (own keys only, as `JSON.parse` creates them), or the first value nested deeper than
 * `maxDepth` (reported with the key {@link TOO_DEEP}). Returns null when there is none.
 * Iterative, so a hostile depth cannot exhaust the stack.
 */
export function findUnsafeKey(value: unknown, maxDepth = MAX_INPUT_DEPTH): UnsafeKey | null {
  const stack: { value: unknown; path: PropertyKey[] }[] = [{ value, path: [] }];
  while (stack.length > 0) {
    const next = stack.pop()!;
    if (typeof next.value !== 'object' || next.value === null) continue;
    if (next.path.length > maxDepth) return { key: TOO_DEEP, path: formatFieldPath(next.path) };
    const entries: [PropertyKey, unknown][] = Array.isArray(next.value)
      ? next.value.map((child, i) => [i, child])
      : Object.keys(next.value).map((key) => [key, (next.value as Record<string, unknown>)[key]]);
    for (const [key] of entries) {
      if (typeof key === 'string' && UNSAFE_KEYS.has(key)) {
        return { key, path: formatFieldPath([...next.path, key]) };
      }
    }
    // Pushed in reverse so the first key is looked into first (the first finding wins).
    for (let i = entries.length - 1; i >= 0; i -= 1) {
      const [key, child] = entries[i]!;
      stack.push({ value: child, path: [...next.path, key] });
    }
  }
  return null;
}

/** The model-facing words for an input refused by {@link findUnsafeKey}. */
export function unsafeInputText(tool: string, key: string): string {
  return key === TOO_DEEP
    ? `Invalid input for ${tool}: values are nested more than ${MAX_INPUT_DEPTH} levels deep; send flat values.`
    : `Invalid input for ${tool}: a key named "${key}" is never accepted.`;
}
