import { formatFieldPath } from '../tools/field-path';

/** Keys that can reach an object's prototype when data is merged or assigned. */
export const UNSAFE_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/** Where an unsafe key was found: its name and the path to it. */
export interface UnsafeKey {
  key: string;
  path: string;
}

/**
 * Finds the first `__proto__`, `constructor` or `prototype` key anywhere in a JSON value
 * (own keys only, as `JSON.parse` creates them). Returns null when there is none.
 */
export function findUnsafeKey(value: unknown, path: PropertyKey[] = []): UnsafeKey | null {
  if (typeof value !== 'object' || value === null) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) {
      const found = findUnsafeKey(value[i], [...path, i]);
      if (found) return found;
    }
    return null;
  }
  for (const key of Object.keys(value)) {
    if (UNSAFE_KEYS.has(key)) return { key, path: formatFieldPath([...path, key]) };
    const found = findUnsafeKey((value as Record<string, unknown>)[key], [...path, key]);
    if (found) return found;
  }
  return null;
}
