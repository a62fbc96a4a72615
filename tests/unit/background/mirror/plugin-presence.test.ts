import { describe, expect, it } from 'vitest';
import { WP_NONCE } from '../../../../src/cms/wordpress/nonce';
import { PluginClient } from '../../../../src/background/mirror/plugin-client';

const ROOT = 'https://site.example/wp-json/';
const index = (namespaces: string[]) =>
  new Response(JSON.stringify({ namespaces }), { status: 200 });

/** A site whose REST index answers anonymous and signed-in reads as scripted. */
function client(answers: {
  anonymous: () => Response;
  signedIn?: () => Response;
  nonce?: string | undefined;
}) {
  const seen: { credentials: RequestCredentials | undefined; nonce: string | null }[] = [];
  const fetchImpl = (async (_url: URL, init: RequestInit) => {
    const headers = new Headers(init.headers);
    seen.push({ credentials: init.credentials, nonce: headers.get('X-WP-Nonce') });
    if (init.credentials === 'omit') return answers.anonymous();
    if (!answers.signedIn) throw new TypeError('Failed to fetch');
    return answers.signedIn();
  }) as typeof fetch;
  let nonce = answers.nonce;
  const c = new PluginClient({
    restRoot: ROOT,
    nonce: {
      ...WP_NONCE,
      current: () => nonce,
      refresh: async () => {
        nonce = 'fresh-nonce';
        return nonce;
      },
    },
    urls: {
      restUrl: (root, path, query) => {
        const url = new URL(path, root);
        for (const [k, v] of Object.entries(query ?? {}))
          if (v !== undefined) url.searchParams.set(k, String(v));
        return url;
      },
    },
    fetch: fetchImpl,
  });
  return { c, seen };
}

describe('G11, G15: telling "no plugin" from "cannot tell"', () => {
  it('present: the anonymous index lists countersign/v1', async () => {
    const { c, seen } = client({ anonymous: () => index(['wp/v2', 'countersign/v1']) });
    expect(await c.presence()).toBe('present');
    expect(seen).toHaveLength(1);
  });

  it('absent: the index answered and has no countersign/v1 namespace', async () => {
    const { c } = client({ anonymous: () => index(['wp/v2']) });
    expect(await c.presence()).toBe('absent');
    expect(await c.hasPlugin()).toBe(false);
  });

  it.each([401, 403])(
    'an anonymous %i (a hardening plugin) is read again as the signed-in person, who sees the plugin',
    async (status) => {
      const { c, seen } = client({
        anonymous: () => new Response('{}', { status }),
        signedIn: () => index(['wp/v2', 'countersign/v1']),
        nonce: 'n1',
      });
      expect(await c.presence()).toBe('present');
      expect(seen).toEqual([
        { credentials: 'omit', nonce: null },
        { credentials: 'include', nonce: 'n1' },
      ]);
    },
  );

  it('hasPlugin: a site that blocks anonymous REST still has its plugin found (it did not)', async () => {
    const { c } = client({
      anonymous: () => new Response('{}', { status: 401 }),
      signedIn: () => index(['countersign/v1']),
      nonce: 'n1',
    });
    expect(await c.hasPlugin()).toBe(true);
  });

  it('a refusal for the signed-in person too is unknown, never "no plugin"', async () => {
    const { c } = client({
      anonymous: () => new Response('{}', { status: 401 }),
      signedIn: () => new Response('{}', { status: 403 }),
      nonce: 'n1',
    });
    expect(await c.presence()).toBe('unknown');
  });

  it('a network failure is unknown', async () => {
    const { c } = client({
      anonymous: () => {
        throw new TypeError('Failed to fetch');
      },
      nonce: 'n1',
    });
    expect(await c.presence()).toBe('unknown');
  });

  it('a 200 that is not the REST index (a firewall page) is unknown', async () => {
    const { c } = client({
      anonymous: () => new Response('<html>blocked</html>', { status: 200 }),
      signedIn: () => new Response('<html>blocked</html>', { status: 200 }),
      nonce: 'n1',
    });
    expect(await c.presence()).toBe('unknown');
  });

  it('a server error is thrown (the last reading holds)', async () => {
    const { c } = client({ anonymous: () => new Response('', { status: 503 }) });
    await expect(c.presence()).rejects.toMatchObject({ problem: 'server' });
  });
});

describe("the companion's requests carry the CMS's own token (issue 35 item 5)", () => {
  it('under the header the adapter names, fetched again once when the adapter reads it expired', async () => {
    const sent: (string | null)[] = [];
    let token = 'old';
    const c = new PluginClient({
      restRoot: 'https://notes.example/ledger/api/',
      nonce: {
        header: 'X-Ledger-Token',
        expired: async (response) => response.status === 419,
        current: () => token,
        refresh: async () => (token = 'fresh'),
      },
      urls: { restUrl: (root, path) => new URL(path, root) },
      fetch: (async (_url: URL, init: RequestInit) => {
        const headers = new Headers(init.headers);
        sent.push(headers.get('X-Ledger-Token'));
        expect(headers.has('X-WP-Nonce')).toBe(false);
        return new Response('{}', { status: headers.get('X-Ledger-Token') === 'old' ? 419 : 200 });
      }) as typeof fetch,
    });
    expect((await c.authed('GET', 'status')).status).toBe(200);
    expect(sent).toEqual(['old', 'fresh']);
  });
});
