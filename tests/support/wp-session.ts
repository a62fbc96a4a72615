// A signed-in WordPress session for integration tests: log in through wp-login.php like a
// browser, keep the cookies, fetch the REST nonce, and call the REST API as that user.
//
//   const s = await login(seed.origins.primary.url, 'editor1', 'editor1-pass');
//   const r = await s.rest<{ roles: string[] }>('GET', '/wp/v2/users/me?context=edit');
//
// Cookie authentication needs BOTH the cookies and the X-WP-Nonce header: cookies without a
// nonce are treated as logged out (401), a wrong nonce gives 403 rest_cookie_invalid_nonce.
// Cookies are per host, so log in separately on each origin.

interface StoredCookie {
  name: string;
  value: string;
  path: string;
}

/** A minimal cookie jar for ONE origin (WordPress sets host-only cookies, no Domain). */
export class CookieJar {
  private readonly cookies = new Map<string, StoredCookie>();

  /** Stores the Set-Cookie headers of a response (expired cookies are removed). */
  store(setCookieHeaders: readonly string[]): void {
    for (const header of setCookieHeaders) {
      const [pair = '', ...attrs] = header.split(';');
      const eq = pair.indexOf('=');
      if (eq <= 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      let path = '/';
      let expired = false;
      for (const attr of attrs) {
        const [rawKey = '', ...rest] = attr.split('=');
        const key = rawKey.trim().toLowerCase();
        const val = rest.join('=').trim();
        if (key === 'path' && val.startsWith('/')) path = val;
        if (key === 'max-age' && Number(val) <= 0) expired = true;
        if (key === 'expires' && Date.parse(val) <= Date.now()) expired = true;
      }
      const id = `${name}\u0000${path}`;
      if (expired) this.cookies.delete(id);
      else this.cookies.set(id, { name, value, path });
    }
  }

  /** The Cookie header for a request path (longest paths first, as browsers send them). */
  header(requestPath: string): string {
    return [...this.cookies.values()]
      .filter((c) => pathMatches(requestPath, c.path))
      .sort((a, b) => b.path.length - a.path.length)
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
  }

  names(): string[] {
    return [...new Set([...this.cookies.values()].map((c) => c.name))];
  }

  clear(): void {
    this.cookies.clear();
  }
}

function pathMatches(requestPath: string, cookiePath: string): boolean {
  if (cookiePath === '/' || requestPath === cookiePath) return true;
  const prefix = cookiePath.endsWith('/') ? cookiePath : `${cookiePath}/`;
  return requestPath.startsWith(prefix);
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS' | 'HEAD';

export interface RestResponse<T = unknown> {
  status: number;
  ok: boolean;
  headers: Headers;
  /** Parsed JSON, or the raw text when the body is not JSON. */
  body: T;
  /** The raw response text. */
  text: string;
}

export interface RestOptions {
  /** Override the nonce: a string to send instead of the session's, false to send none. */
  nonce?: string | false;
  headers?: Record<string, string>;
}

/** Only loopback origins: integration tests must never reach anything else. */
export function assertLoopback(baseUrl: string): URL {
  const u = new URL(baseUrl);
  const loopback =
    u.hostname === 'localhost' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(u.hostname);
  if (u.protocol !== 'http:' || !loopback) {
    throw new Error(`refusing a non-loopback WordPress URL: ${baseUrl}`);
  }
  return u;
}

export class WpSession {
  readonly origin: string;
  readonly jar = new CookieJar();
  nonce = '';

  constructor(
    baseUrl: string,
    readonly user: string,
  ) {
    this.origin = assertLoopback(baseUrl).origin;
  }

  /** The REST root of this origin (pretty permalinks are on in the stack). */
  get restRoot(): string {
    return `${this.origin}/wp-json`;
  }

  /**
   * A request on this origin with the session's cookies; stores any Set-Cookie it gets back.
   * Redirects are NOT followed (a login answers 302; the caller decides what to do).
   */
  async fetch(pathOrUrl: string, init: RequestInit = {}): Promise<Response> {
    const url = new URL(pathOrUrl, this.origin);
    if (url.origin !== this.origin) {
      throw new Error(`${url.href} is not on this session's origin ${this.origin}`);
    }
    const headers = new Headers(init.headers);
    const cookie = this.jar.header(url.pathname);
    if (cookie && !headers.has('cookie')) headers.set('cookie', cookie);
    const res = await fetch(url, { ...init, headers, redirect: 'manual' });
    this.jar.store(res.headers.getSetCookie());
    return res;
  }

  /** Fetches a fresh REST nonce (admin-ajax.php?action=rest-nonce answers "0" when logged out). */
  async refreshNonce(): Promise<string> {
    const res = await this.fetch('/wp-admin/admin-ajax.php?action=rest-nonce');
    const text = (await res.text()).trim();
    if (res.status !== 200 || !/^[0-9a-f]{10}$/.test(text)) {
      throw new Error(
        `no REST nonce for ${this.user} on ${this.origin} (HTTP ${res.status}: ${text.slice(0, 80)})`,
      );
    }
    this.nonce = text;
    return text;
  }

  /**
   * A REST call: `path` is relative to the REST root, e.g. '/wp/v2/posts/4?context=edit'.
   * A body that is not a string or FormData/URLSearchParams/Blob is sent as JSON.
   */
  async rest<T = unknown>(
    method: HttpMethod,
    path: string,
    body?: unknown,
    options: RestOptions = {},
  ): Promise<RestResponse<T>> {
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    const nonce = options.nonce === undefined ? this.nonce : options.nonce;
    if (nonce) headers['x-wp-nonce'] = nonce;
    let payload: BodyInit | undefined;
    if (body !== undefined) {
      if (
        typeof body === 'string' ||
        body instanceof FormData ||
        body instanceof URLSearchParams ||
        body instanceof Blob
      ) {
        payload = body;
      } else {
        payload = JSON.stringify(body);
        headers['content-type'] = 'application/json';
      }
    }
    const res = await this.fetch(`${this.restRoot}${path.startsWith('/') ? '' : '/'}${path}`, {
      method,
      headers,
      body: payload,
    });
    const text = await res.text();
    let parsed: unknown = text;
    if (text && (res.headers.get('content-type') ?? '').includes('json')) {
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = text;
      }
    }
    return { status: res.status, ok: res.ok, headers: res.headers, body: parsed as T, text };
  }

  /** Logs out on the server (the session token and its nonces stop working) and clears cookies. */
  async logout(): Promise<void> {
    // wp-login.php?action=logout without a nonce shows a confirmation link that carries one.
    const confirm = await this.fetch('/wp-login.php?action=logout');
    const html = await confirm.text();
    const match = /action=logout&(?:amp;)?(?:[^"']*?&(?:amp;)?)?_wpnonce=([0-9a-f]+)/.exec(html);
    if (!match) throw new Error(`no logout link for ${this.user} on ${this.origin}`);
    const res = await this.fetch(`/wp-login.php?action=logout&_wpnonce=${match[1]}`);
    await res.arrayBuffer();
    if (res.status !== 302) throw new Error(`logout of ${this.user} failed (HTTP ${res.status})`);
    this.jar.clear();
    this.nonce = '';
  }
}

// WordPress keeps a user's session tokens in ONE user-meta value that each login reads, extends
// and writes back: two simultaneous logins of the same user can lose one of the sessions (its
// nonce then answers "0"). Logins of one user are therefore queued (per process, any origin).
const loginQueues = new Map<string, Promise<unknown>>();

/**
 * Logs in through wp-login.php (as a browser would: test cookie first, then the form) and
 * fetches the REST nonce. Throws when WordPress shows the login form again. Logins of the
 * same user run one after another; different users log in concurrently.
 */
export function login(baseUrl: string, user: string, password: string): Promise<WpSession> {
  const previous = loginQueues.get(user) ?? Promise.resolve();
  const next = previous.catch(() => undefined).then(() => loginNow(baseUrl, user, password));
  loginQueues.set(user, next);
  void next
    .finally(() => {
      if (loginQueues.get(user) === next) loginQueues.delete(user);
    })
    .catch(() => undefined);
  return next;
}

async function loginNow(baseUrl: string, user: string, password: string): Promise<WpSession> {
  const session = new WpSession(baseUrl, user);
  const first = await session.fetch('/wp-login.php'); // sets wordpress_test_cookie
  await first.arrayBuffer();
  const form = new URLSearchParams({
    log: user,
    pwd: password,
    'wp-submit': 'Log In',
    testcookie: '1',
    redirect_to: `${session.origin}/wp-admin/`,
  });
  const res = await session.fetch('/wp-login.php', { method: 'POST', body: form });
  const html = await res.text();
  if (
    res.status !== 302 ||
    !session.jar.names().some((n) => n.startsWith('wordpress_logged_in_'))
  ) {
    const error = /<div id="login_error"[^>]*>([\s\S]*?)<\/div>/.exec(html)?.[1];
    const reason = error ? error.replace(/<[^>]+>/g, '').trim() : `HTTP ${res.status}`;
    throw new Error(`login as ${user} on ${session.origin} failed: ${reason}`);
  }
  await session.refreshNonce();
  return session;
}
