import type { NonceSource } from '../adapter';
import type { z } from 'zod';
import { CmsHttpError, type CmsErrorKind } from '../http-error';
import { logger } from '../../shared/log';

const log = logger('wp-rest');

/** Where the REST nonce comes from: the page first, `admin-ajax.php?action=rest-nonce` on refresh. */
export type { NonceSource };

export interface WpRestClientOptions {
  /** `…/wp-json/`, or `…/index.php?rest_route=/` on sites with plain permalinks. */
  restRoot: string;
  nonce: NonceSource;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

export interface RequestOptions<S extends z.ZodType> {
  schema: S;
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  signal?: AbortSignal;
}

export interface RestResponse<T> {
  data: T;
  /** X-WP-Total and X-WP-TotalPages, when the endpoint is a collection. */
  total?: number;
  totalPages?: number;
}

/**
 * Calls the WordPress REST API as the signed-in person: their cookies (the extension's
 * host permission makes the request same-site) plus `X-WP-Nonce`. An expired nonce is
 * refreshed once; every other failure becomes a typed {@link CmsHttpError}.
 */
export class WpRestClient {
  readonly restRoot: string;
  private readonly nonce: NonceSource;
  /** The fetch that carries the person's cookies (also for admin-ajax, `post-lock.ts`). */
  readonly fetchImpl: typeof fetch;
  private readonly timeoutMs: number;

  constructor(options: WpRestClientOptions) {
    this.restRoot = options.restRoot;
    this.nonce = options.nonce;
    this.fetchImpl = options.fetch ?? ((input, init) => fetch(input, init));
    this.timeoutMs = options.timeoutMs ?? 15_000;
  }

  /** Builds the URL of a REST route, for pretty and plain permalinks alike. */
  url(path: string, query: RequestOptions<z.ZodType>['query'] = {}): URL {
    const route = '/' + path.replace(/^\/+/, '');
    const root = new URL(this.restRoot);
    let url: URL;
    if (root.searchParams.has('rest_route')) {
      // Plain permalinks: the route travels as a query parameter.
      url = root;
      url.searchParams.set('rest_route', route);
    } else {
      url = new URL(route.slice(1), root.href.endsWith('/') ? root.href : root.href + '/');
    }
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined) url.searchParams.set(key, String(value));
    }
    return url;
  }

  async get<S extends z.ZodType>(path: string, options: Omit<RequestOptions<S>, 'body'>) {
    return this.request('GET', path, options);
  }

  async request<S extends z.ZodType>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    options: RequestOptions<S>,
  ): Promise<RestResponse<z.infer<S>>> {
    const endpoint = `${method} /${path.replace(/^\/+/, '').split('?')[0]}`;
    // Screens without wpApiSettings give no nonce; without one WordPress treats the
    // cookie as anonymous, so fetch one first.
    if (!this.nonce.current()) await this.refreshNonce(endpoint);
    let response = await this.send(method, path, options, endpoint);
    if (response.status === 403 && (await peekCode(response)) === 'rest_cookie_invalid_nonce') {
      await this.refreshNonce(endpoint);
      response = await this.send(method, path, options, endpoint);
      // A fresh nonce refused too (the page's session changed under it): nothing ran on
      // the site (the check comes before the route); only a reload of the admin tab helps.
      if (response.status === 403 && (await peekCode(response)) === 'rest_cookie_invalid_nonce') {
        throw new CmsHttpError('logged-out', staleNonceMessage, {
          status: 403,
          endpoint,
          cmsCode: 'rest_cookie_invalid_nonce',
          staleSession: true,
        });
      }
    }
    return this.parse(response, options.schema, endpoint);
  }

  private async refreshNonce(endpoint: string): Promise<void> {
    try {
      await this.nonce.refresh();
    } catch (error) {
      if (error instanceof CmsHttpError) throw error;
      throw new CmsHttpError('logged-out', loggedOutMessage, { status: 0, endpoint, cause: error });
    }
  }

  private async send(
    method: string,
    path: string,
    options: RequestOptions<z.ZodType>,
    endpoint: string,
  ): Promise<Response> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    const nonce = this.nonce.current();
    if (nonce) headers['X-WP-Nonce'] = nonce;
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    const timeout = AbortSignal.timeout(this.timeoutMs);
    const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
    try {
      return await this.fetchImpl(this.url(path, options.query), {
        method,
        headers,
        credentials: 'include',
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal,
      });
    } catch (error) {
      if (timeout.aborted) {
        throw new CmsHttpError(
          'timeout',
          `WordPress did not answer within ${this.timeoutMs / 1000} s.`,
          {
            status: 0,
            endpoint,
            cause: error,
          },
        );
      }
      if (options.signal?.aborted) throw error;
      log.warn(`network failure on ${endpoint}`, error);
      throw new CmsHttpError(
        'network',
        'WordPress could not be reached. Check the connection and try again.',
        {
          status: 0,
          endpoint,
          cause: error,
        },
      );
    }
  }

  private async parse<S extends z.ZodType>(
    response: Response,
    schema: S,
    endpoint: string,
  ): Promise<RestResponse<z.infer<S>>> {
    const text = await response.text();
    if (!response.ok) throw errorFromResponse(response.status, text, endpoint);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (cause) {
      throw new CmsHttpError(
        'bad-response',
        `WordPress sent something that is not JSON for ${endpoint}.`,
        {
          status: response.status,
          endpoint,
          cause,
        },
      );
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue?.path.join('.') || '(root)';
      throw new CmsHttpError(
        'bad-response',
        `WordPress's answer for ${endpoint} is not what was expected: ${where}: ${issue?.message ?? 'invalid'}.`,
        { status: response.status, endpoint },
      );
    }
    return {
      data: parsed.data,
      total: numberHeader(response, 'X-WP-Total'),
      totalPages: numberHeader(response, 'X-WP-TotalPages'),
    };
  }
}

/** Shown when WordPress refuses even a fresh REST nonce (S5). */
export const staleNonceMessage =
  'WordPress did not accept a fresh security token for this session. Reload the WordPress admin tab, then retry.';

const loggedOutMessage =
  'You are signed out of WordPress. Sign in again in the admin tab, then retry.';

const kindByStatus: Record<number, CmsErrorKind> = {
  400: 'invalid',
  401: 'logged-out',
  403: 'forbidden',
  404: 'not-found',
  409: 'conflict',
  410: 'gone',
};

/** Maps a failed answer to a typed error; 5xx bodies are logged, never shown (S4). */
export function errorFromResponse(status: number, body: string, endpoint: string): CmsHttpError {
  const { code, message } = wpError(body);
  if (status >= 500 || !(status in kindByStatus)) {
    log.error(`WordPress ${status} on ${endpoint}`, body.slice(0, 2000));
    return new CmsHttpError(
      'server-error',
      `WordPress answered with a server error (HTTP ${status}).`,
      {
        status,
        endpoint,
        cmsCode: code,
      },
    );
  }
  const kind = kindByStatus[status] as CmsErrorKind;
  const shown =
    kind === 'logged-out'
      ? loggedOutMessage
      : message
        ? `WordPress refused: ${message}`
        : `WordPress answered HTTP ${status} for ${endpoint}.`;
  return new CmsHttpError(kind, shown, { status, endpoint, cmsCode: code });
}

function wpError(body: string): { code?: string; message?: string } {
  try {
    const json = JSON.parse(body) as { code?: unknown; message?: unknown };
    return {
      code: typeof json.code === 'string' ? json.code : undefined,
      message: typeof json.message === 'string' ? stripTags(json.message).slice(0, 300) : undefined,
    };
  } catch {
    return {};
  }
}

function stripTags(text: string): string {
  return text
    .replace(/<[^>]*>/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

async function peekCode(response: Response): Promise<string | undefined> {
  return wpError(await response.clone().text()).code;
}

function numberHeader(response: Response, name: string): number | undefined {
  const value = response.headers.get(name);
  return value === null || value === '' ? undefined : Number(value);
}
