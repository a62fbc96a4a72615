// Classification of abilities from their annotations, read as claims that may only tighten
// (issue 34 item 2; T2, G2): what the gate does with each kind an author can declare.
import { describe, expect, it } from 'vitest';
import {
  classifyAbility,
  mayRetryOnce,
  runMethod,
  toolClassification,
} from '../../../../../src/cms/wordpress/abilities/classify';

describe('ability classification', () => {
  it.each([
    [{ readonly: true, destructive: false, idempotent: true }, 'read'],
    [{ readonly: true }, 'read'],
    [{ readonly: false, destructive: false, idempotent: false }, 'write'],
    [{ destructive: false }, 'write'],
    [{ readonly: false, destructive: true, idempotent: true }, 'destructive'],
    // destructive not said: WordPress's own default is destructive.
    [{ readonly: false, destructive: null, idempotent: true }, 'destructive'],
    [{ idempotent: true }, 'destructive'],
    // A read-only claim beside a destructive one takes the stricter.
    [{ readonly: true, destructive: true }, 'destructive'],
    // Nothing said at all, as WordPress serves it (all null) or absent.
    [{ readonly: null, destructive: null, idempotent: null }, 'unclassified'],
    [{}, 'unclassified'],
    [undefined, 'unclassified'],
  ] as const)('%j is %s', (annotations, expected) => {
    expect(classifyAbility(annotations)).toBe(expected);
  });

  it('gives an unclassified ability no classification, so it always asks (G2)', () => {
    expect(toolClassification('unclassified')).toBeUndefined();
    expect(toolClassification('read')).toEqual({ kind: 'read', destructive: false });
    expect(toolClassification('write')).toEqual({ kind: 'write', destructive: false });
    expect(toolClassification('destructive')).toEqual({ kind: 'write', destructive: true });
  });

  it('lets only an idempotent claim run a call again after a stopped worker', () => {
    expect(mayRetryOnce({ destructive: true, idempotent: true })).toBe(true);
    expect(mayRetryOnce({ destructive: false, idempotent: false })).toBe(false);
    expect(mayRetryOnce({ destructive: false, idempotent: null })).toBe(false);
    expect(mayRetryOnce(undefined)).toBe(false);
  });

  it('picks the method WordPress 7.1 demands of each kind', () => {
    expect(runMethod({ readonly: true, destructive: true })).toBe('GET');
    expect(runMethod({ destructive: true, idempotent: true })).toBe('DELETE');
    expect(runMethod({ destructive: true, idempotent: false })).toBe('POST');
    expect(runMethod({ destructive: false, idempotent: true })).toBe('POST');
    expect(runMethod({ readonly: null, destructive: null, idempotent: null })).toBe('POST');
  });
});
