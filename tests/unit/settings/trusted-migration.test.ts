import { fakeBrowser } from 'wxt/testing/fake-browser';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { SealedStore, StoreDb } from '../../../src/store';
import { readTrusted, useTrustedStore } from '../../../src/settings/trusted-settings';
import { readRetention, readLastPurge } from '../../../src/settings/retention-store';
import { readRunOptions } from '../../../src/settings/run-options';
import { offeredCalls } from '../../../src/background/approvers/requester';
import { MirrorStateStore } from '../../../src/background/mirror/site-state';

/**
 * Issue 33 item 6: the retention, the last purge, the approval expiry, the calls offered to
 * second approvers and the mirror's state leave `chrome.storage.local` (which every content
 * script can write) for the sealed store of the extension origin: read once, deleted, and
 * whatever is written there afterwards is never read.
 */
const OLD = {
  retention: { days: 30 },
  retention$: { v: 1 },
  lastPurge: { at: 5, removed: 2, days: 30, trigger: 'alarm' },
  runOptions: { expireAfterMinutes: 60 },
  'requester:offers': [
    { threadId: 't1', recordId: 'r1', siteRoot: 'https://a.test/wp-json/', userId: '7' },
  ],
  'countersign.mirror.sites': {
    '7@https://a.test/wp-json/': {
      siteRoot: 'https://a.test/wp-json/',
      userId: '7',
      mode: 'server',
      checkedAt: 1,
      lastSyncAt: 2,
      delivered: 3,
      lastError: null,
      attempts: 0,
      nextAttemptAt: 0,
      adminAjaxUrl: null,
      canRead: true,
      canManage: false,
    },
  },
};

/** What a hostile content script writes: keep every record one day, expire at once, … */
const HOSTILE = {
  retention: { days: 1 },
  runOptions: { expireAfterMinutes: 1 },
  'requester:offers': [],
  'countersign.mirror.sites': {},
};

let spies: MockInstance[] = [];
beforeEach(() => {
  fakeBrowser.reset();
  spies = (['info', 'warn'] as const).map((m) => vi.spyOn(console, m).mockImplementation(() => {}));
});
afterEach(() => spies.forEach((spy) => spy.mockRestore()));

function freshStore(name = `settings-test-${crypto.randomUUID()}`): string {
  useTrustedStore(new SealedStore(new StoreDb(name)));
  return name;
}

describe('the one-time move of the remaining settings out of extension storage', () => {
  it('moves each old value once and deletes the old items', async () => {
    await fakeBrowser.storage.local.set(OLD);
    expect(await readRetention()).toEqual({ days: 30 });
    expect(await readLastPurge()).toEqual(OLD.lastPurge);
    expect(await readRunOptions()).toEqual({ expireAfterMs: 3_600_000 });
    expect(await offeredCalls()).toEqual(OLD['requester:offers']);
    const states = await new MirrorStateStore().all();
    expect(states.map((s) => [s.mode, s.delivered])).toEqual([['server', 3]]);
    expect(await fakeBrowser.storage.local.get(null)).toEqual({});
  });

  it('ignores (and deletes unread) what a content script writes there afterwards', async () => {
    const name = freshStore();
    await fakeBrowser.storage.local.set(OLD);
    expect(await readRetention()).toEqual({ days: 30 });
    await fakeBrowser.storage.local.set(HOSTILE);
    // The same context, and a new one (the worker restarted) over the same database.
    expect(await readRetention()).toEqual({ days: 30 });
    freshStore(name);
    expect(await readRetention()).toEqual({ days: 30 });
    expect(await readRunOptions()).toEqual({ expireAfterMs: 3_600_000 });
    expect(await offeredCalls()).toHaveLength(1);
    expect((await new MirrorStateStore().all())[0]?.mode).toBe('server');
    expect(await fakeBrowser.storage.local.get(null)).toEqual({});
  });

  it('never overwrites a value already in the trusted store, and starts empty without old items', async () => {
    freshStore();
    expect(await readRetention()).toEqual({ days: null });
    expect(await readRunOptions()).toEqual({});
    expect(await offeredCalls()).toEqual([]);
    expect(await readTrusted('mirrorState')).toBeUndefined();
  });

  it('an install on layout 1 (key, connection and policy moved) moves the rest too', async () => {
    const name = freshStore();
    const sealed = new SealedStore(new StoreDb(name));
    await sealed.put('settings:layout', 1);
    await sealed.put('settings:apiKey', 'kept');
    await fakeBrowser.storage.local.set({ ...OLD, apiKey: 'sk-from-a-page' });
    expect(await readRunOptions()).toEqual({ expireAfterMs: 3_600_000 });
    expect(await readTrusted('apiKey')).toBe('kept');
    expect(await sealed.get('settings:layout')).toBe(2);
    expect(await fakeBrowser.storage.local.get(null)).toEqual({});
  });
});
