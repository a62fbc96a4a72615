import { describe, expect, it } from 'vitest';
import {
  backoffDelay,
  parseRetryAfter,
  retryDelay,
} from '../../../../src/background/mirror/backoff';

const opts = { baseMs: 1_000, maxMs: 60_000, maxRetryAfterMs: 3_600_000 };

describe('mirror backoff (A5)', () => {
  it('doubles from the base to the cap, half fixed and half jitter', () => {
    const low = [1, 2, 3, 4, 8].map((n) => backoffDelay(n, opts, () => 0));
    const high = [1, 2, 3, 4, 8].map((n) => backoffDelay(n, opts, () => 1));
    expect(low).toEqual([500, 1_000, 2_000, 4_000, 30_000]);
    expect(high).toEqual([1_000, 2_000, 4_000, 8_000, 60_000]);
  });

  it('spreads browsers that failed together over the window', () => {
    const draws = [0.1, 0.5, 0.9].map((r) => backoffDelay(3, opts, () => r));
    expect(new Set(draws).size).toBe(3);
    for (const d of draws) expect(d).toBeGreaterThanOrEqual(2_000);
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2026-12-01T12:00:00Z');
    expect(parseRetryAfter('5', now)).toBe(5_000);
    expect(parseRetryAfter('Tue, 01 Dec 2026 12:01:00 GMT', now)).toBe(60_000);
    expect(parseRetryAfter('Tue, 01 Dec 2026 11:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter(null, now)).toBeNull();
  });

  it('waits at least what Retry-After asks, within a bound', () => {
    expect(retryDelay(1, 30_000, opts, () => 0)).toBe(30_000);
    expect(retryDelay(1, 100, opts, () => 0)).toBe(500);
    expect(retryDelay(1, 10 * 3_600_000, opts, () => 0)).toBe(3_600_000);
  });
});
