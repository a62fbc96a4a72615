/** Tuning of the mirror's retries (A5). */
export interface BackoffOptions {
  /** The first retry waits about this long. */
  baseMs: number;
  /** No retry waits longer (a `Retry-After` may ask for more, up to `maxRetryAfterMs`). */
  maxMs: number;
  /** The longest `Retry-After` honoured, so a wrong header cannot stop the mirror for days. */
  maxRetryAfterMs: number;
}

/** 2 s, doubling to 10 min; a server may ask for up to an hour. */
export const DEFAULT_BACKOFF: BackoffOptions = {
  baseMs: 2_000,
  maxMs: 10 * 60_000,
  maxRetryAfterMs: 60 * 60_000,
};

/**
 * A5: how long to wait after the `attempts`-th failure in a row: exponential
 * (`base * 2^(attempts-1)`, capped at `max`) with "equal jitter": half the delay is fixed,
 * the other half random, so many browsers that lost the same server do not retry in step,
 * and no retry comes sooner than half the nominal delay.
 */
export function backoffDelay(
  attempts: number,
  options: BackoffOptions = DEFAULT_BACKOFF,
  random: () => number = Math.random,
): number {
  const n = Math.max(1, Math.floor(attempts));
  const nominal = Math.min(options.baseMs * 2 ** Math.min(n - 1, 30), options.maxMs);
  return Math.round(nominal / 2 + random() * (nominal / 2));
}

/**
 * A `Retry-After` header as milliseconds from `now`: delta seconds or an HTTP date.
 * Null when absent or unreadable; never negative.
 */
export function parseRetryAfter(header: string | null | undefined, now: number): number | null {
  if (!header) return null;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1_000;
  const at = Date.parse(text);
  if (Number.isNaN(at)) return null;
  return Math.max(0, at - now);
}

/**
 * The wait before the next try: the backoff, or longer when the server asked for it
 * (bounded by `maxRetryAfterMs`).
 */
export function retryDelay(
  attempts: number,
  retryAfterMs: number | null,
  options: BackoffOptions = DEFAULT_BACKOFF,
  random: () => number = Math.random,
): number {
  const backoff = backoffDelay(attempts, options, random);
  if (retryAfterMs === null) return backoff;
  return Math.max(backoff, Math.min(retryAfterMs, options.maxRetryAfterMs));
}
