// Issue 35 item 3: one model client per connection for the worker's life, not one per
// operation. The real SDK and ClaudeModel stream to the scripted model server.
import { describe, expect, it } from 'vitest';
import { ClaudeModel, noKeepAlive } from '../../../../src/agent/claude';
import type { ClaudeConnection } from '../../../../src/agent/claude/client';
import { ModelClients } from '../../../../src/background/threads/model-clients';
import type { SiteSession } from '../../../../src/background/sessions';
import { wordpressAdapter } from '../../../../src/cms/wordpress/wordpress-adapter';
import { WP_NONCE } from '../../../../src/cms/wordpress/nonce';
import { turn } from '../../../support/model-server';
import { API_KEY, request, useModelServer } from '../../agent/support';

const { server } = useModelServer();

const quick = (connection: ClaudeConnection) =>
  new ClaudeModel({ ...connection, keepAlive: noKeepAlive, timeoutMs: 5_000 });

function siteOf(origin: string, userId = 2): SiteSession {
  return {
    context: {
      origin,
      restRoot: `${origin}/wp-json/`,
      tokenUrl: `${origin}/wp-admin/admin-ajax.php`,
      userId,
    },
  } as unknown as SiteSession;
}

/** A companion whose request tokens are counted: each source made fetches its own. */
function countedCompanion() {
  const made = { sources: 0, tokens: [] as string[] };
  const adapter = {
    label: 'WordPress',
    companion: {
      restUrl: wordpressAdapter.companion!.restUrl,
      nonceSource: () => {
        made.sources += 1;
        let current: string | undefined;
        return {
          ...WP_NONCE,
          current: () => current,
          refresh: async () => {
            current = `n${made.sources}`;
            made.tokens.push(current);
            return current;
          },
        };
      },
    },
  };
  return { adapter, made };
}

/** The companion plugin's model route, played here: it forwards with the site's key. */
function sitePlugin(seen: string[]): typeof fetch {
  return async (input, init) => {
    const headers = new Headers(init?.headers);
    seen.push(headers.get('x-wp-nonce') ?? '');
    headers.delete('x-wp-nonce');
    headers.set('x-api-key', API_KEY);
    void input;
    return fetch(`${server().url}/v1/messages`, { method: 'POST', headers, body: init?.body });
  };
}

describe('the worker’s model clients (issue 35 item 3)', () => {
  it('two operations through the site’s AI connection fetch its request token once', async () => {
    server().setScript([turn.text('first'), turn.text('second')]);
    const { adapter, made } = countedCompanion();
    const seen: string[] = [];
    const clients = new ModelClients(quick, sitePlugin(seen));
    const site = siteOf('https://one.test');
    for (const text of ['first', 'second']) {
      const reply = await clients.viaSite(adapter, site).generate(request('hi'), () => {});
      expect(reply.content).toEqual([{ type: 'text', text }]);
    }
    expect(made.tokens).toEqual(['n1']);
    expect(seen).toEqual(['n1', 'n1']);
  });

  it('another person or another site gets a connection of its own', () => {
    const { adapter } = countedCompanion();
    const clients = new ModelClients(quick, sitePlugin([]));
    const editor = clients.viaSite(adapter, siteOf('https://one.test', 2));
    expect(clients.viaSite(adapter, siteOf('https://one.test', 2))).toBe(editor);
    expect(clients.viaSite(adapter, siteOf('https://one.test', 3))).not.toBe(editor);
    expect(clients.viaSite(adapter, siteOf('https://two.test', 2))).not.toBe(editor);
  });

  it('keeps eight sites at most, dropping the one used longest ago', () => {
    const { adapter } = countedCompanion();
    const clients = new ModelClients(quick, sitePlugin([]));
    const first = clients.viaSite(adapter, siteOf('https://s0.test'));
    const second = clients.viaSite(adapter, siteOf('https://s1.test'));
    for (let i = 2; i < 8; i++) clients.viaSite(adapter, siteOf(`https://s${i}.test`));
    clients.viaSite(adapter, siteOf('https://s0.test')); // used again: now the newest
    clients.viaSite(adapter, siteOf('https://s8.test')); // the ninth: s1 goes
    expect(clients.viaSite(adapter, siteOf('https://s0.test'))).toBe(first);
    expect(clients.viaSite(adapter, siteOf('https://s1.test'))).not.toBe(second);
  });

  it('the person’s key: one client while it stays, none kept once it changes or goes', async () => {
    const clients = new ModelClients(quick);
    const own = clients.withKey(API_KEY, server().url);
    expect(clients.withKey(API_KEY, server().url)).toBe(own);
    server().setScript([turn.text('still one client')]);
    const reply = await own.generate(request('hi'), () => {});
    expect(reply.content).toEqual([{ type: 'text', text: 'still one client' }]);
    expect(clients.withKey('sk-ant-api03-another-key', server().url)).not.toBe(own);
    const again = clients.withKey(API_KEY, server().url);
    expect(again).not.toBe(own);
    clients.dropOwn();
    expect(clients.withKey(API_KEY, server().url)).not.toBe(again);
  });
});
