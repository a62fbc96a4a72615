import type { Failure } from './classify-error';

/** How Countersign retries a failed model call itself (the SDK's own retries are off). */
export interface RetryPolicy {
  /** Retries after the first attempt. */
  maxRetries: number;
  /** First backoff when the server gives no retry-after; doubles each retry. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** A retry-after longer than this is not waited for: the call fails with a clear message. */
  maxWaitMs: number;
}

/** Four attempts spread over about 15 s, or as long as the server asks, up to a minute. */
export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxRetries: 3,
  baseDelayMs: 2000,
  maxDelayMs: 16_000,
  maxWaitMs: 60_000,
};

/**
 * How long to wait before retry number `retryIndex` (0 for the first), or null when the
 * failure should not be retried: not retryable, out of retries, or the server asked for a
 * wait longer than the policy allows. The server's retry-after always wins over backoff.
 */
export function retryWait(
  failure: Failure,
  retryIndex: number,
  policy: RetryPolicy,
): number | null {
  if (!failure.retryable || retryIndex >= policy.maxRetries) return null;
  const wait =
    failure.retryAfterMs !== undefined && failure.retryAfterMs > 0
      ? failure.retryAfterMs
      : Math.min(policy.baseDelayMs * 2 ** retryIndex, policy.maxDelayMs);
  return wait > policy.maxWaitMs ? null : Math.round(wait);
}

/** Waits, or rejects with the signal's reason as soon as the signal aborts. */
export function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
