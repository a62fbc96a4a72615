// Issue 34 item 4: the site's AI connection. The real SDK and ClaudeModel stream through
// `siteModelConnection`; the "site" here is a fetch that plays the companion plugin's route
// (it checks what the browser sent, then forwards to the scripted model with the site's key),
// so these tests see exactly what leaves the worker. The plugin itself is tested against real
// WordPress in tests/integration/server/site-model.test.ts, the whole path in
// tests/e2e/site-model.spec.ts.
import { describe, expect, it } from 'vitest';
import { turn } from '../../support/model-server';
import { WP_NONCE } from '../../../src/cms/wordpress/nonce';
import { ClaudeModel, noKeepAlive } from '../../../src/agent/claude';
import { wordpressAdapter } from '../../../src/cms/wordpress/wordpress-adapter';
import { siteModelConnection, siteModelFetch } from '../../../src/background/site-model';
import type { NonceSource } from '../../../src/cms/adapter';
import { API_KEY, failure, request, useModelServer } from './support';

const { server } = useModelServer();

interface Sent {
  url: string;
  headers: Headers;
  credentials: RequestCredentials | undefined;
}

/** A site whose plugin answers `answer` (or forwards to the scripted model with the key). */
function siteFetch(sent: Sent[], answer?: (call: number) => Response | null): typeof fetch {
  return async (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    sent.push({ url, headers: new Headers(init?.headers), credentials: init?.credentials });
    const own = answer?.(sent.length);
    if (own) return own;
    const headers = new Headers(init?.headers);
    headers.delete('x-wp-nonce');
    headers.set('x-api-key', API_KEY); // the site's key, added on the site
    return fetch(`${server().url}/v1/messages`, { method: 'POST', headers, body: init?.body });
  };
}

function nonces(...values: string[]): NonceSource & { refreshed: number } {
  let current: string | undefined;
  const source = {
    refreshed: 0,
    ...WP_NONCE,
    current: () => current,
    refresh: async () => {
      current = values[source.refreshed++] ?? 'spent';
      return current;
    },
  };
  return source;
}

function modelFor(restRoot: string, fetchImpl: typeof fetch, nonce = nonces('n1', 'n2')) {
  const adapter = {
    label: 'WordPress',
    companion: { restUrl: wordpressAdapter.companion!.restUrl, nonceSource: () => nonce },
  };
  const context = {
    origin: new URL(restRoot).origin,
    restRoot,
    tokenUrl: `${new URL(restRoot).origin}/wp-admin/admin-ajax.php`,
  };
  const connection = siteModelConnection(adapter, { context } as never, fetchImpl);
  return new ClaudeModel({
    ...connection,
    keepAlive: noKeepAlive,
    retry: { baseDelayMs: 5, maxDelayMs: 20 },
    timeoutMs: 5_000,
  });
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

describe("the site's AI connection (issue 34 item 4)", () => {
  it('streams a turn through the plugin route with the person’s session and no key at all', async () => {
    server().setScript([turn.text('Hello from the site.')]);
    const sent: Sent[] = [];
    const reply = await modelFor('https://site.test/wp-json/', siteFetch(sent)).generate(
      request('hi'),
      () => {},
    );
    expect(reply.content).toEqual([{ type: 'text', text: 'Hello from the site.' }]);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.url).toBe('https://site.test/wp-json/countersign/v1/model/v1/messages');
    expect(sent[0]?.headers.get('x-wp-nonce')).toBe('n1');
    expect(sent[0]?.credentials).toBe('include');
    expect(sent[0]?.headers.get('x-api-key')).toBeNull();
    expect(sent[0]?.headers.get('authorization')).toBeNull();
    expect([...sent[0]!.headers.values()].join(' ')).not.toMatch(/sk-ant/);
    // The scripted model saw the site's key (added on the "site"), and a streaming request.
    expect(server().messageRequests[0]?.body).toMatchObject({
      stream: true,
      model: 'claude-sonnet-5-5',
    });
  });

  it('reaches the route on a site with plain permalinks (?rest_route=)', async () => {
    server().setScript([turn.text('ok')]);
    const sent: Sent[] = [];
    await modelFor('https://plain.test/?rest_route=/', siteFetch(sent)).generate(
      request('hi'),
      () => {},
    );
    const url = new URL(sent[0]!.url);
    expect(url.origin + url.pathname).toBe('https://plain.test/');
    expect(url.searchParams.get('rest_route')).toBe('/countersign/v1/model/v1/messages');
  });

  it('fetches a fresh nonce once when WordPress refused the old one, and goes on', async () => {
    server().setScript([turn.text('after a new nonce')]);
    const sent: Sent[] = [];
    const nonce = nonces('old', 'fresh');
    const refuseFirst = (call: number) =>
      call === 1
        ? json(403, { code: 'rest_cookie_invalid_nonce', message: 'Cookie check failed' })
        : null;
    const reply = await modelFor(
      'https://site.test/wp-json/',
      siteFetch(sent, refuseFirst),
      nonce,
    ).generate(request('hi'), () => {});
    expect(reply.content).toEqual([{ type: 'text', text: 'after a new nonce' }]);
    expect(sent.map((s) => s.headers.get('x-wp-nonce'))).toEqual(['old', 'fresh']);
  });

  it("a refusal of the site's plugin (its daily limit) reads in the site's words, and is not retried", async () => {
    const sent: Sent[] = [];
    const limit = () =>
      json(403, {
        type: 'error',
        error: {
          type: 'permission_error',
          message: 'You have used the 2 requests a day this site allows you. Use your own key.',
        },
        countersign: { reason: 'limit' },
      });
    const error = await failure(
      modelFor('https://site.test/wp-json/', siteFetch(sent, limit)).generate(
        request('hi'),
        () => {},
      ),
    );
    expect(error.message).toContain('The AI connection of site.test refused');
    expect(error.message).toContain(
      'refused: You have used the 2 requests a day this site allows you. Use your own key.',
    );
    expect(error.message).toContain('The thread is kept');
    expect(error.message).not.toMatch(/refused this API key/);
    expect(sent).toHaveLength(1);
    expect(server().messageRequests).toHaveLength(0);
  });

  it('a site without the route says the plugin is missing; a refused session says to sign in', async () => {
    const noRoute = () => json(404, { code: 'rest_no_route', message: 'No route was found' });
    const missing = await failure(
      modelFor('https://site.test/wp-json/', siteFetch([], noRoute)).generate(
        request('hi'),
        () => {},
      ),
    );
    expect(missing.message).toMatch(/site\.test offers no AI connection: the Countersign plugin/);

    const signedOut = () =>
      json(401, { code: 'rest_not_logged_in', message: 'You are not currently logged in.' });
    const session = await failure(
      modelFor('https://site.test/wp-json/', siteFetch([], signedOut)).generate(
        request('hi'),
        () => {},
      ),
    );
    expect(session.kind).toBe('auth');
    expect(session.message).toMatch(/did not accept your session .*sign in again/);
  });

  it("Claude's own refusal passed through the site keeps Claude's words", async () => {
    server().setScript([turn.error(429, { retryAfter: 0 }), turn.text('made it')]);
    const reply = await modelFor('https://site.test/wp-json/', siteFetch([])).generate(
      request('hi'),
      () => {},
    );
    expect(reply.content).toEqual([{ type: 'text', text: 'made it' }]);
  });

  it('sends nothing but /v1/messages to the site: any other path is refused before a request leaves', async () => {
    const sent: Sent[] = [];
    const route = (path: string, query: Record<string, string>) =>
      wordpressAdapter.companion!.restUrl(
        'https://site.test/wp-json/',
        `countersign/v1/model${path}`,
        query,
      );
    const siteFetchOnly = siteModelFetch(route, nonces('n1'), siteFetch(sent));
    for (const path of [
      '/countersign-site-model/v1/models',
      '/countersign-site-model/v1/messages/batches',
      '/countersign-site-model/../wp-json/wp/v2/users',
      '/wp-json/wp/v2/posts',
    ]) {
      await expect(siteFetchOnly(`https://site.test${path}`, { method: 'POST' })).rejects.toThrow(
        /answers \/v1\/messages only/,
      );
    }
    expect(sent).toEqual([]);
    await siteFetchOnly('https://site.test/countersign-site-model/v1/messages', {
      method: 'POST',
      body: '{}',
    });
    expect(sent.map((s) => s.url)).toEqual([
      'https://site.test/wp-json/countersign/v1/model/v1/messages',
    ]);
  });
});
