// The thread index (which threads a person has, and which a restarted worker resumes) keeps
// every thread when several save at once: threads running side by side commit their views
// at the same moment. A thread missing from it opened as "This thread no longer exists" and
// was not resumed after a restart (S5, C6). The real sealed store on IndexedDB (fake-indexeddb
// here): the race is in the order of its reads and writes, which this reproduces every time.
import { describe, expect, it } from 'vitest';
import { ThreadViewStore } from '../../../src/background/thread-view-store';
import type { ThreadView } from '../../../src/shared/thread-protocol';
import { SealedStore, StoreDb } from '../../../src/store';

const OWNER = {
  userId: '2',
  siteOrigin: 'http://127.0.0.1:8885',
  siteRoot: 'http://127.0.0.1:8885/wp-json/',
};

function view(threadId: string): ThreadView {
  return {
    threadId,
    title: `Thread ${threadId}`,
    untrusted: false,
    mode: 'agent',
    busy: false,
    pending: null,
    grants: [],
    items: [],
  };
}

describe('the thread index with saves at once', () => {
  it('threads saved at the same moment are all listed and all resumable', async () => {
    const store = new ThreadViewStore(new SealedStore(new StoreDb(`index-${crypto.randomUUID()}`)));
    const ids = ['a', 'b', 'c', 'd', 'e', 'f'];
    await Promise.all(ids.map((id, i) => store.save(view(id), OWNER, 1_000 + i)));
    expect((await store.list(OWNER)).map((t) => t.threadId).sort()).toEqual(ids);
    expect((await store.all()).map((t) => t.threadId).sort()).toEqual(ids);
    // And again, each thread committing twice at once.
    await Promise.all(
      [...ids, ...ids].map((id, i) =>
        store.save({ ...view(id), title: `t${i}` }, OWNER, 2_000 + i),
      ),
    );
    expect((await store.list(OWNER)).map((t) => t.threadId).sort()).toEqual(ids);
  });
});

describe('the thread index when storage fails to hand it over', () => {
  it('a save refuses to rewrite an index it could not read: the other threads stay listed', async () => {
    const sealed = new SealedStore(new StoreDb(`index-${crypto.randomUUID()}`));
    const store = new ThreadViewStore(sealed);
    await store.save(view('a'), OWNER, 1_000);
    await store.save(view('b'), OWNER, 1_001);
    const get = sealed.get.bind(sealed);
    let failing = true;
    sealed.get = (key: string) =>
      key === 'thread-index' && failing ? Promise.reject(new Error('read failed')) : get(key);
    await expect(store.save(view('c'), OWNER, 1_002)).rejects.toThrow(
      'Your list of threads could not be read from storage',
    );
    expect(await store.list(OWNER)).toEqual([]); // nothing to show while it fails
    failing = false;
    expect((await store.list(OWNER)).map((t) => t.threadId)).toEqual(['b', 'a']);
    await store.save(view('c'), OWNER, 1_003);
    expect((await store.list(OWNER)).map((t) => t.threadId)).toEqual(['c', 'b', 'a']);
  });
});

describe('a thread index that is stored but can never be opened', () => {
  it('starts afresh, so threads can still be saved (their views stay stored)', async () => {
    const sealed = new SealedStore(new StoreDb(`index-${crypto.randomUUID()}`));
    const store = new ThreadViewStore(sealed);
    await store.save(view('a'), OWNER, 1_000);
    // The stored index damaged: its sealed bytes changed.
    const row = await sealed.db.sealed.get('thread-index');
    row!.data[0] = row!.data[0]! ^ 0xff;
    await sealed.db.sealed.put(row!);
    await store.save(view('b'), OWNER, 1_001);
    expect((await store.list(OWNER)).map((t) => t.threadId)).toEqual(['b']);
    expect(await store.load('a')).toMatchObject({ threadId: 'a' });
  });
});
