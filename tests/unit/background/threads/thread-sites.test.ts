// Threads belong to a site, not an origin: two WordPress sites on one origin (a
// subdirectory multisite, or a second install under /second/) never share a thread.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sameOwner } from '../../../../src/audit';
import { ContextStore } from '../../../../src/background/context-store';
import { Sessions, ownerOf } from '../../../../src/background/sessions';
import {
  THREAD_INDEX_VERSION,
  ThreadViewStore,
  readThreadIndex,
} from '../../../../src/background/threads/thread-view-store';
import { wordpressAdapter } from '../../../../src/cms/wordpress/wordpress-adapter';
import type { PageContext } from '../../../../src/shared/protocols/page-context';
import type { SealedStore } from '../../../../src/store';
import { adapterWith } from '../../support/adapter-with';

const ORIGIN = 'http://127.0.0.1:8885';

function context(path: string, userId = 2): PageContext {
  const site = `${ORIGIN}${path}`;
  return {
    cms: 'wordpress',
    origin: ORIGIN,
    siteUrl: site,
    adminUrl: `${site}wp-admin/`,
    restRoot: `${site}wp-json/`,
    tokenUrl: `${site}wp-admin/admin-ajax.php`,
    userId,
    screen: { id: 'dashboard', view: 'other', contentType: '', named: 'dashboard' },
  } as PageContext;
}

/** chrome.storage.session as a map. */
function memoryArea(): chrome.storage.StorageArea {
  const data = new Map<string, unknown>();
  return {
    get: async (key: string | null) =>
      key === null ? Object.fromEntries(data) : { [key]: data.get(key) },
    set: async (items: Record<string, unknown>) => {
      for (const [k, v] of Object.entries(items)) data.set(k, v);
    },
    remove: async (key: string) => void data.delete(key),
  } as unknown as chrome.storage.StorageArea;
}

const adapter = adapterWith({
  // How the site is named in "Open the WordPress admin of …": the WordPress adapter's words.
  label: wordpressAdapter.label,
  siteOfRoot: wordpressAdapter.siteOfRoot,
  openSession: (options: { page: PageContext }) => ({ restRoot: options.page.restRoot }),
  capabilities: async () => ({ id: 2, name: 'Editor One', roles: ['editor'], capabilities: {} }),
});

/** A sealed store holding plain values in memory. */
function memorySealed(): SealedStore {
  const data = new Map<string, unknown>();
  return {
    get: async (key: string) => structuredClone(data.get(key)),
    put: async (key: string, value: unknown) => void data.set(key, structuredClone(value)),
  } as unknown as SealedStore;
}

describe('threads belong to a site (its REST root), not an origin', () => {
  it('the owner of a tab names its site; the same person on another site of the origin is another owner', () => {
    const user = { id: 2, name: 'Editor One', roles: [], capabilities: {} };
    const root = ownerOf({ context: context('/'), user });
    const second = ownerOf({ context: context('/second/'), user });
    expect(root).toEqual({ userId: '2', siteOrigin: ORIGIN, siteRoot: `${ORIGIN}/wp-json/` });
    expect(sameOwner(root, second)).toBe(false);
    expect(sameOwner(root, { userId: '2', siteOrigin: ORIGIN })).toBe(true);
  });

  it("a thread's session comes from a tab of its own site, preferring the panel's tab", async () => {
    const store = new ContextStore(memoryArea());
    // The root site's tab is the first match by origin; the thread is on /second/.
    await store.set(11, { kind: 'context', context: context('/'), nonce: 'aaaaaaaaaa' });
    await store.set(12, { kind: 'context', context: context('/second/'), nonce: 'bbbbbbbbbb' });
    await store.set(13, { kind: 'context', context: context('/second/'), nonce: 'cccccccccc' });
    const sessions = new Sessions(store, adapter);
    const owner = { userId: '2', siteOrigin: ORIGIN, siteRoot: `${ORIGIN}/second/wp-json/` };
    expect((await sessions.forOwner(owner)).tabId).toBe(12);
    expect((await sessions.forOwner(owner, 13)).tabId).toBe(13);
    // A panel on the root site never lends its session to the /second/ thread.
    expect((await sessions.forOwner(owner, 11)).tabId).toBe(12);
    await store.delete(12);
    await store.delete(13);
    await expect(sessions.forOwner(owner, 11)).rejects.toThrow(
      'Open the WordPress admin of 127.0.0.1:8885/second/ in a tab',
    );
  });

  it('S5: a nonce a refresh brought keeps the session (no new read of who the person is); a page load with another nonce opens a new one', async () => {
    const store = new ContextStore(memoryArea());
    let reads = 0;
    const counting = adapterWith({
      ...adapter,
      capabilities: async () => {
        reads += 1;
        return { id: 2, name: 'Editor One', roles: ['editor'], capabilities: {} };
      },
    });
    const page = (nonce: string) =>
      store.set(11, { kind: 'context', context: context('/'), nonce, pageNonce: nonce });
    await page('aaaaaaaaaa');
    const sessions = new Sessions(store, counting);
    const owner = { userId: '2', siteOrigin: ORIGIN, siteRoot: `${ORIGIN}/wp-json/` };
    const first = await sessions.forOwner(owner);
    // The mirror, the approvals poll or the tab's check refreshed the nonce (WordPress
    // refused the one it had): every other part goes on with the session it has.
    await store.setNonce(11, 'bbbbbbbbbb');
    expect(await sessions.forOwner(owner)).toBe(first);
    expect(reads).toBe(1);
    // The page loaded again with a nonce of another session: a new one, read again.
    await page('cccccccccc');
    expect(await sessions.forOwner(owner)).not.toBe(first);
    expect(reads).toBe(2);
  });

  it('migrates a version 1 thread index (owners by origin): those threads still open on the root site', async () => {
    const v1: unknown = JSON.parse(
      readFileSync(new URL('../../../fixtures/thread-index/v1.json', import.meta.url), 'utf8'),
    );
    const read = readThreadIndex(v1);
    expect(read.kind === 'read' && read.threads.map((t) => t.owner.siteRoot)).toEqual([
      `${ORIGIN}/wp-json/`,
      'https://shop.example.org/wp-json/',
    ]);
    const sealed = memorySealed();
    await sealed.put('thread-index', v1);
    const views = new ThreadViewStore(sealed);
    const rootOwner = { userId: '2', siteOrigin: ORIGIN, siteRoot: `${ORIGIN}/wp-json/` };
    const secondOwner = { ...rootOwner, siteRoot: `${ORIGIN}/second/wp-json/` };
    expect((await views.list(rootOwner)).map((t) => t.threadId)).toEqual(['th-legacy-root']);
    expect(await views.list(secondOwner)).toEqual([]);
    // The next save writes version 2 with every owner naming its REST root.
    await views.save(
      {
        threadId: 'th-new',
        title: 'On the second site',
        untrusted: false,
        mode: 'agent',
        busy: false,
        pending: null,
        grants: [],
        items: [],
      },
      secondOwner,
      1765000000000,
    );
    const stored = (await sealed.get('thread-index')) as { version: number; threads: unknown[] };
    expect(stored.version).toBe(THREAD_INDEX_VERSION);
    expect(stored.threads).toHaveLength(3);
    expect((await views.list(secondOwner)).map((t) => t.threadId)).toEqual(['th-new']);
    expect((await views.list(rootOwner)).map((t) => t.threadId)).toEqual(['th-legacy-root']);
  });

  it('leaves out an entry it cannot read rather than guessing its owner', () => {
    expect(readThreadIndex({ version: 2, threads: [{ threadId: 1 }] })).toEqual({
      kind: 'read',
      threads: [],
      dropped: 1,
    });
    expect(readThreadIndex({ version: 9, threads: [] })).toEqual({ kind: 'newer', version: 9 });
    expect(readThreadIndex({ threads: [] })).toEqual({ kind: 'malformed' });
  });
});
