/** G15: how often an approver's extension asks the site for calls waiting for them. */
export const POLL_MIN_MS = 30_000;
/** The longest pause while nothing new arrives (idle back-off). */
export const POLL_MAX_MS = 5 * 60_000;

/**
 * The pause before the next poll: doubled after each poll that found nothing new (up to
 * {@link POLL_MAX_MS}), back to {@link POLL_MIN_MS} when something arrived, and never
 * sooner than the site's `Retry-After`.
 */
export function nextPollDelay(
  previous: number,
  foundNew: boolean,
  retryAfterMs: number | null | undefined,
): number {
  const base = foundNew ? POLL_MIN_MS : Math.min(POLL_MAX_MS, Math.max(POLL_MIN_MS, previous * 2));
  return Math.max(base, retryAfterMs ?? 0);
}
