import { z } from 'zod';
import type { CompanionServer, NonceSource } from '../../cms/adapter';
import { logger } from '../../shared/log';
import { MirrorError } from './errors';
import { failureOf } from './plugin-errors';

const log = logger('site-plugin');

export { PluginErrorSchema, PluginHttpError, type PluginErrorBody } from './plugin-errors';

/** The companion plugin's REST namespace (docs/server-api.md). */
export const PLUGIN_NAMESPACE = 'countersign/v1';
/** The contract version this extension speaks. */
export const PLUGIN_API_VERSION = 1;

/** `GET /status` (docs/server-api.md). */
export const PluginStatusSchema = z.object({
  plugin: z.literal('countersign'),
  apiVersion: z.number().int(),
  schemaVersion: z.number().int(),
  userId: z.string().min(1),
  /** The signed-in person's display name (older plugins do not send it). */
  displayName: z.string().max(250).optional(),
  capabilities: z.object({
    writeRecords: z.boolean(),
    readAllRecords: z.boolean(),
    readPolicy: z.boolean(),
    managePolicy: z.boolean(),
  }),
  limits: z
    .object({
      maxBatchRecords: z.number().int().positive(),
      maxRecordBytes: z.number().int().positive(),
      maxBodyBytes: z.number().int().positive(),
      maxPageSize: z.number().int().positive(),
    })
    .partial()
    .optional(),
});
export type PluginStatus = z.infer<typeof PluginStatusSchema>;

/** Whether a site runs the companion plugin, as far as its REST index tells. */
export type PluginPresence = 'present' | 'absent' | 'unknown';

/** Options for {@link PluginClient}. */
export interface PluginClientOptions {
  /** The site's REST root, as its pages name it. */
  restRoot: string;
  nonce: NonceSource;
  /** Builds the route URLs under the REST root (the companion server's `restUrl`). */
  urls: Pick<CompanionServer, 'restUrl'>;
  fetch?: typeof fetch;
  timeoutMs?: number;
  now?: () => number;
}

/**
 * Speaks `countersign/v1` as the signed-in person (cookie + the CMS's request token). A missing or
 * expired nonce is fetched once; every failure becomes a {@link MirrorError} whose message
 * speaks to a person and never carries a response body it did not validate (S4).
 */
export class PluginClient {
  private readonly fetchImpl: typeof fetch;
  private readonly timeoutMs: number;
  private readonly now: () => number;

  constructor(private readonly options: PluginClientOptions) {
    this.fetchImpl = options.fetch ?? ((input, init) => fetch(input, init));
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.now = options.now ?? Date.now;
  }

  private url(path: string, query?: Record<string, string | number | boolean | undefined>) {
    return this.options.urls.restUrl(this.options.restRoot, path, query);
  }

  /**
   * Whether the site runs the plugin (G11, G15). `present` or `absent` when the REST index
   * answered and does or does not list `countersign/v1`; `unknown` when nobody can tell (the
   * index refused or failed). The index is read without credentials first; a refusal (a
   * hardening plugin that blocks anonymous REST) is read again as the signed-in person, so
   * such a site's rules never vanish. A server error throws.
   */
  async presence(): Promise<PluginPresence> {
    const url = this.url('', { _fields: 'namespaces' });
    const anonymous = await this.indexAnswer(() =>
      this.raw(url, { method: 'GET', credentials: 'omit' }),
    );
    if (anonymous !== 'unknown') return anonymous;
    return this.indexAnswer(async () => {
      if (!this.options.nonce.current()) await this.refreshNonce();
      return this.send('GET', url, undefined);
    });
  }

  /** Whether the REST index lists the plugin's namespace (unknown counts as no: the mirror). */
  async hasPlugin(): Promise<boolean> {
    return (await this.presence()) === 'present';
  }

  /** What one read of the index says; refusals and failures say nothing (`unknown`). */
  private async indexAnswer(read: () => Promise<Response>): Promise<PluginPresence> {
    let response: Response;
    try {
      response = await read();
    } catch (error) {
      if (error instanceof MirrorError) return 'unknown';
      throw error;
    }
    if (response.status >= 500) throw failureOf(response, null, this.now());
    if (!response.ok) return 'unknown';
    const parsed = z
      .object({ namespaces: z.array(z.string()) })
      .safeParse(await response.json().catch(() => null));
    // A 200 that is not the index (a login page, a firewall's page) says nothing either.
    if (!parsed.success) return 'unknown';
    return parsed.data.namespaces.includes(PLUGIN_NAMESPACE) ? 'present' : 'absent';
  }

  /** `GET /status`: who is signed in, what they may do, the plugin's limits. */
  async status(): Promise<PluginStatus> {
    const status = await this.json('GET', 'status', PluginStatusSchema);
    if (status.apiVersion !== PLUGIN_API_VERSION) {
      throw new MirrorError(
        'old-plugin',
        `The site's Countersign plugin speaks version ${status.apiVersion} of its API and this extension version ${PLUGIN_API_VERSION}; update the one that is older.`,
      );
    }
    return status;
  }

  /** One JSON request to a plugin route; `path` is relative to the namespace. */
  async json<S extends z.ZodType>(
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    schema: S,
    init: { body?: unknown; query?: Record<string, string | number | undefined> } = {},
  ): Promise<z.infer<S>> {
    const response = await this.authed(method, path, init);
    const text = await response.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    if (!response.ok) throw failureOf(response, json, this.now());
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new MirrorError(
        'refused',
        `The site's answer to ${method} ${path} is not what the plugin's API promises (${issue?.path.join('.') || 'root'}: ${issue?.message ?? 'invalid'}).`,
      );
    }
    return parsed.data;
  }

  /** A request to a plugin route as the person; the response is returned unread. */
  async authed(
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    init: { body?: unknown; query?: Record<string, string | number | undefined> } = {},
  ): Promise<Response> {
    const url = this.url(`${PLUGIN_NAMESPACE}/${path}`, init.query);
    if (!this.options.nonce.current()) await this.refreshNonce();
    let response = await this.send(method, url, init.body);
    if (response.status === 401 || (await this.options.nonce.expired(response))) {
      await this.refreshNonce();
      response = await this.send(method, url, init.body);
    }
    return response;
  }

  private async refreshNonce(): Promise<void> {
    try {
      await this.options.nonce.refresh();
    } catch {
      throw new MirrorError(
        'signed-out',
        'Signed out of WordPress: the audit waits in this browser until you sign in again.',
      );
    }
  }

  private send(method: string, url: URL, body: unknown): Promise<Response> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    const nonce = this.options.nonce.current();
    if (nonce) headers[this.options.nonce.header] = nonce;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    return this.raw(url, {
      method,
      headers,
      credentials: 'include',
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }

  private async raw(url: URL, init: RequestInit): Promise<Response> {
    try {
      return await this.fetchImpl(url, { ...init, signal: AbortSignal.timeout(this.timeoutMs) });
    } catch (error) {
      log.warn(`the site did not answer ${init.method ?? 'GET'} ${url.pathname}`, error);
      throw new MirrorError(
        'network',
        'The site could not be reached; the audit waits in this browser and is sent when it answers.',
      );
    }
  }
}
