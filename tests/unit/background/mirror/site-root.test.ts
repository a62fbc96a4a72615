import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { normalSiteRoot, queuedByTarget } from '../../../../src/audit';
import { mirrorStatus } from '../../../../src/background/mirror/status';
import { wordpressAdapter } from '../../../../src/cms/wordpress/wordpress-adapter';
import {
  freshState,
  MIRROR_STATE_KEY,
  MirrorStateStore,
} from '../../../../src/background/mirror/site-state';
import { freshLog, pendingCall } from '../../audit/support';
import { memoryArea } from './fake-site';

const PRETTY = 'https://site.test/shop/wp-json/';
const PLAIN = 'https://site.test/shop/index.php?rest_route=/';

describe('one site, one REST root for the mirror (A5)', () => {
  beforeEach(() => {
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => vi.restoreAllMocks());

  it('names both REST root forms of a site alike, and leaves other roots alone', () => {
    expect(normalSiteRoot(PRETTY)).toBe(PLAIN);
    expect(normalSiteRoot('https://site.test/shop/wp-json')).toBe(PLAIN);
    expect(normalSiteRoot(PLAIN)).toBe(PLAIN);
    expect(normalSiteRoot('https://site.test/shop/?rest_route=/')).toBe(PLAIN);
    expect(normalSiteRoot('https://site.test/wp-json/')).toBe(
      'https://site.test/index.php?rest_route=/',
    );
    // A custom REST prefix, a route that is not the root, and something not a URL.
    expect(normalSiteRoot('https://site.test/api/')).toBe('https://site.test/api/');
    expect(normalSiteRoot('https://site.test/?rest_route=/wp/v2')).toBe(
      'https://site.test/?rest_route=/wp/v2',
    );
    expect(normalSiteRoot('x')).toBe('x');
  });

  it("records queued under both forms are one site's queue, shown as one card", async () => {
    const { log, db } = freshLog();
    await log.create(
      pendingCall({ owner: { userId: '7', siteOrigin: 'https://site.test', siteRoot: PRETTY } }),
    );
    await log.create(
      pendingCall({
        position: 1,
        owner: { userId: '7', siteOrigin: 'https://site.test', siteRoot: PLAIN },
      }),
    );
    const queued = await queuedByTarget(db);
    expect(queued).toEqual([{ target: { siteRoot: PLAIN, userId: '7' }, records: 2 }]);
    const states = new MirrorStateStore(memoryArea());
    await states.put({ ...freshState({ siteRoot: PRETTY, userId: '7' }), delivered: 3 });
    const cards = await mirrorStatus(db, states, null, wordpressAdapter.siteOfRoot);
    expect(cards).toHaveLength(1);
    expect(cards[0]).toMatchObject({ siteRoot: PLAIN, queued: 2, delivered: 3 });
    expect(cards[0]?.label).toBe('site.test/shop/');
  });

  it('merges states already stored under both forms into one, written back validated', async () => {
    const area = memoryArea();
    const pretty = {
      ...freshState({ siteRoot: PRETTY, userId: '7' }),
      siteRoot: PRETTY,
      delivered: 4,
      lastSyncAt: 1_000,
      // Stored before the field was named for any CMS (2026-12-06): read as tokenUrl.
      adminAjaxUrl: 'https://site.test/shop/wp-admin/admin-ajax.php',
      displayName: 'Ada',
    };
    const plain = {
      ...freshState({ siteRoot: PLAIN, userId: '7' }),
      mode: 'server' as const,
      delivered: 2,
      lastSyncAt: 5_000,
      checkedAt: 5_000,
      canRead: true,
    };
    area.items[MIRROR_STATE_KEY] = {
      [`7@${PRETTY}`]: pretty,
      [`7@${PLAIN}`]: plain,
      [`8@${PRETTY}`]: { siteRoot: PRETTY, userId: '8', mode: 'nonsense' },
    };
    const states = new MirrorStateStore(area);
    const all = await states.all();
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({
      siteRoot: PLAIN,
      mode: 'server',
      canRead: true,
      delivered: 6,
      lastSyncAt: 5_000,
      tokenUrl: pretty.adminAjaxUrl,
      displayName: 'Ada',
    });
    expect(all[0]).not.toHaveProperty('adminAjaxUrl');
    // Written back under the one key; the entry that did not validate is gone, not guessed at.
    expect(Object.keys(area.items[MIRROR_STATE_KEY] as object)).toEqual([`7@${PLAIN}`]);
    expect(await states.get({ siteRoot: PRETTY, userId: '7' })).toMatchObject({ delivered: 6 });
  });
});

describe('the mirror states of several sites written at once', () => {
  it('each site keeps what was written for it', async () => {
    const states = new MirrorStateStore(memoryArea());
    const sites = ['https://a.test/wp-json/', 'https://b.test/wp-json/', 'https://c.test/wp-json/'];
    await Promise.all(
      sites.map((siteRoot, i) =>
        states.put({ ...freshState({ siteRoot, userId: '7' }), delivered: i + 1 }),
      ),
    );
    const stored = await states.all();
    expect(stored.map((s) => [s.siteRoot, s.delivered]).sort()).toEqual(
      sites.map((siteRoot, i) => [normalSiteRoot(siteRoot), i + 1]),
    );
  });
});
