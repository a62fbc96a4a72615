import type { Classification } from '../../../tools/tool';

/** What an ability's annotations say, as WordPress serves them (`null`: not said). */
export interface AbilityAnnotations {
  readonly?: boolean | null;
  destructive?: boolean | null;
  idempotent?: boolean | null;
}

/**
 * T2 for abilities. Annotations are the plugin author's claims, read only to tighten:
 * - `readonly: true` (and not also `destructive: true`) is a read;
 * - `destructive: false` is a write;
 * - `destructive: true`, or `destructive` not said, is destructive;
 * - no annotation said at all is unclassified: it always asks (G2), whatever a rule says.
 */
export type AbilityClass = 'read' | 'write' | 'destructive' | 'unclassified';

/** The class an ability's annotations claim. */
export function classifyAbility(annotations: AbilityAnnotations | undefined): AbilityClass {
  const { readonly, destructive, idempotent } = annotations ?? {};
  if (isUnset(readonly) && isUnset(destructive) && isUnset(idempotent)) return 'unclassified';
  // Contradictory claims (read-only yet destructive) take the stricter one.
  if (readonly === true && destructive !== true) return 'read';
  if (destructive === false) return 'write';
  return 'destructive';
}

/**
 * Whether a call may be sent again once after a worker stopped mid-call: only when the
 * author claims `idempotent: true` and the ability is not unclassified.
 */
export function mayRetryOnce(annotations: AbilityAnnotations | undefined): boolean {
  return annotations?.idempotent === true && classifyAbility(annotations) !== 'unclassified';
}

/** The gate's classification for a class; `undefined` (unclassified) always asks (G2). */
export function toolClassification(cls: AbilityClass): Classification | undefined {
  switch (cls) {
    case 'read':
      return { kind: 'read', destructive: false };
    case 'write':
      return { kind: 'write', destructive: false };
    case 'destructive':
      return { kind: 'write', destructive: true };
    case 'unclassified':
      return undefined;
  }
}

/**
 * The HTTP method WordPress's run route demands (`validate_request_method`, 7.1): read-only
 * by GET, destructive and idempotent by DELETE, everything else by POST. Any other method
 * answers 405 `rest_ability_invalid_method`.
 */
export function runMethod(annotations: AbilityAnnotations | undefined): 'GET' | 'POST' | 'DELETE' {
  if (annotations?.readonly) return 'GET';
  if (annotations?.destructive && annotations.idempotent) return 'DELETE';
  return 'POST';
}

function isUnset(value: boolean | null | undefined): boolean {
  return value === undefined || value === null;
}
