/** The API base URL when settings name none: Anthropic's own API. */
export const DEFAULT_API_BASE_URL = 'https://api.anthropic.com';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** What is wrong with a text as an API base URL, as a code the options page words. */
export type ApiBaseUrlIssue = 'not-url' | 'scheme' | 'http' | 'credentials' | 'query' | 'v1';

const ISSUE_WORDS: Record<ApiBaseUrlIssue, string> = {
  'not-url': 'is not a URL (for example https://api.anthropic.com)',
  scheme: 'must start with https://',
  http: 'must use https:// (http:// is allowed only for localhost)',
  credentials: 'must not contain a user name or password',
  query: 'must not have a query or a fragment',
  v1: 'must not end with /v1 (Countersign adds it)',
};

/**
 * Why this text is not a usable API base URL, or null when it is. The key travels with
 * every request to this URL, so plain http is refused except on the loopback (a local
 * gateway or the test server), and so are embedded credentials. The SDK appends
 * `/v1/messages` itself, which is why a trailing `/v1` is refused with that explanation.
 */
export function apiBaseUrlIssue(text: string): ApiBaseUrlIssue | null {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return 'not-url';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'scheme';
  if (url.protocol === 'http:' && !LOOPBACK.has(url.hostname)) return 'http';
  if (url.username || url.password) return 'credentials';
  if (url.search || url.hash) return 'query';
  if (/\/v1\/?$/.test(url.pathname)) return 'v1';
  return null;
}

/**
 * `apiBaseUrlIssue` in English, for the schema's errors (stored settings, logs); the
 * options page words the issue in the person's language.
 */
export function apiBaseUrlProblem(text: string): string | null {
  const issue = apiBaseUrlIssue(text);
  return issue === null ? null : ISSUE_WORDS[issue];
}

/** A valid base URL in one spelling: no trailing slash. Call after apiBaseUrlProblem. */
export function normalizeApiBaseUrl(text: string): string {
  const url = new URL(text.trim());
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}
