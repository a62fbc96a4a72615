/** The API base URL when settings name none: Anthropic's own API. */
export const DEFAULT_API_BASE_URL = 'https://api.anthropic.com';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Why this text is not a usable API base URL, or null when it is. The key travels with
 * every request to this URL, so plain http is refused except on the loopback (a local
 * gateway or the test server), and so are embedded credentials. The SDK appends
 * `/v1/messages` itself, which is why a trailing `/v1` is refused with that explanation.
 */
export function apiBaseUrlProblem(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return 'is not a URL (for example https://api.anthropic.com)';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'must start with https://';
  if (url.protocol === 'http:' && !LOOPBACK.has(url.hostname)) {
    return 'must use https:// (http:// is allowed only for localhost)';
  }
  if (url.username || url.password) return 'must not contain a user name or password';
  if (url.search || url.hash) return 'must not have a query or a fragment';
  if (/\/v1\/?$/.test(url.pathname)) return 'must not end with /v1 (Countersign adds it)';
  return null;
}

/** A valid base URL in one spelling: no trailing slash. Call after apiBaseUrlProblem. */
export function normalizeApiBaseUrl(text: string): string {
  const url = new URL(text.trim());
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}
