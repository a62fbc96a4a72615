// The thread index (which threads a person has, and which a restarted worker resumes) keeps
// every thread when several save at once: threads running side by side commit their views
// at the same moment. A thread missing from it opened as "This thread no longer exists" and
// was not resumed after a restart (S5, C6). The real sealed store on IndexedDB (fake-indexeddb
// here): the race is in the order of its reads and writes, which this reproduces every time.
import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '../../../../src/i18n';
import { workerLanguages } from '../../support/languages';
import { ThreadViewStore } from '../../../../src/background/threads/thread-view-store';
import type { ThreadView } from '../../../../src/shared/protocols/thread-protocol';
import { SealedStore, StoreDb } from '../../../../src/store';

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
    await new ThreadViewStore(sealed).save(view('a'), OWNER, 1_000);
    await new ThreadViewStore(sealed).save(view('b'), OWNER, 1_001);
    const store = new ThreadViewStore(sealed);
    // A worker started since (it has not read the index yet).
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

  afterEach(() => setLocale('en'));

  it('says so in the person’s language (it was English in every language)', async () => {
    workerLanguages();
    setLocale('de');
    const sealed = new SealedStore(new StoreDb(`index-${crypto.randomUUID()}`));
    await new ThreadViewStore(sealed).save(view('a'), OWNER, 1_000);
    const store = new ThreadViewStore(sealed);
    sealed.get = () => Promise.reject(new Error('read failed'));
    await expect(store.save(view('b'), OWNER, 1_001)).rejects.toThrow(
      'Ihre Liste der Verläufe konnte nicht aus dem Speicher gelesen werden',
    );
  });
});

describe('a thread index that is stored but can never be opened', () => {
  it('starts afresh, so threads can still be saved (their views stay stored)', async () => {
    const sealed = new SealedStore(new StoreDb(`index-${crypto.randomUUID()}`));
    await new ThreadViewStore(sealed).save(view('a'), OWNER, 1_000);
    // The stored index damaged (its sealed bytes changed), found by the next worker.
    const row = await sealed.db.sealed.get('thread-index');
    row!.data[0] = row!.data[0]! ^ 0xff;
    await sealed.db.sealed.put(row!);
    const store = new ThreadViewStore(sealed);
    await store.save(view('b'), OWNER, 1_001);
    expect((await store.list(OWNER)).map((t) => t.threadId)).toEqual(['b']);
    expect(await store.load('a')).toMatchObject({ threadId: 'a' });
  });
});

describe('the thread index a live worker keeps in memory', () => {
  /** A sealed store that counts reads of the index and can hold one back. */
  function countingStore() {
    const sealed = new SealedStore(new StoreDb(`index-${crypto.randomUUID()}`));
    const get = sealed.get.bind(sealed);
    const put = sealed.put.bind(sealed);
    const io = {
      reads: 0,
      /** Holds the next read of the index back (once) after it has read. */
      hold: undefined as Promise<void> | undefined,
      /** The next index writes: refused (nothing written), or written but answered with an error. */
      failPut: undefined as 'refused' | 'unanswered' | undefined,
      /** Holds index writes back before they write; `putWaiting` says one is held. */
      holdPut: undefined as Promise<void> | undefined,
      putWaiting: false,
    };
    sealed.get = async (key: string) => {
      if (key !== 'thread-index') return get(key);
      io.reads += 1;
      const hold = io.hold;
      io.hold = undefined;
      const value = await get(key);
      await hold;
      return value;
    };
    sealed.put = async (key, value, options) => {
      if (key === 'thread-index' && io.holdPut) {
        io.putWaiting = true;
        await io.holdPut;
      }
      if (key !== 'thread-index' || !io.failPut) return put(key, value, options);
      if (io.failPut === 'unanswered') await put(key, value, options);
      throw new Error('the disk is full');
    };
    return { sealed, io };
  }

  it('opening panels and committing threads read the sealed index from storage once', async () => {
    const { sealed, io } = countingStore();
    await new ThreadViewStore(sealed).save(view('a'), OWNER, 1_000);
    io.reads = 0;
    const store = new ThreadViewStore(sealed); // a worker started since
    for (let i = 0; i < 5; i++) {
      expect((await store.list(OWNER)).map((t) => t.threadId)).toContain('a');
      await store.save(view(`n${i}`), OWNER, 2_000 + i);
    }
    expect(await store.listBeside('a')).toHaveLength(6);
    expect(io.reads).toBe(1);
  });

  it('a read that began before a save does not bring back the index as it was', async () => {
    const { sealed, io } = countingStore();
    const store = new ThreadViewStore(sealed);
    await new ThreadViewStore(sealed).save(view('a'), OWNER, 1_000);
    let release!: () => void;
    io.hold = new Promise((resolve) => (release = resolve));
    const early = store.list(OWNER); // read [a], held back
    await store.save(view('b'), OWNER, 1_001); // read [a] too, wrote [b, a]
    release();
    expect((await early).map((t) => t.threadId)).toEqual(['a']); // as it was when asked
    expect((await store.list(OWNER)).map((t) => t.threadId)).toEqual(['b', 'a']);
    // What it lists is what storage holds (a worker started now reads the same).
    const restarted = new ThreadViewStore(sealed);
    expect((await restarted.list(OWNER)).map((t) => t.threadId)).toEqual(['b', 'a']);
  });

  it('a read made while a write is on its way does not bring back the index as it was', async () => {
    const { sealed, io } = countingStore();
    await new ThreadViewStore(sealed).save(view('a'), OWNER, 1_000);
    const store = new ThreadViewStore(sealed);
    let releasePut!: () => void;
    io.holdPut = new Promise((resolve) => (releasePut = resolve));
    const saving = store.save(view('b'), OWNER, 1_001); // read [a], writing [b, a]
    while (!io.putWaiting) await new Promise((resolve) => setTimeout(resolve, 1));
    let releaseRead!: () => void;
    io.hold = new Promise((resolve) => (releaseRead = resolve));
    const reading = store.list(OWNER); // reads [a] from storage, held back
    await new Promise((resolve) => setTimeout(resolve, 20));
    releasePut();
    await saving;
    releaseRead();
    await reading;
    expect((await store.list(OWNER)).map((t) => t.threadId)).toEqual(['b', 'a']);
    await store.save(view('c'), OWNER, 1_002); // writes from what it lists
    expect((await new ThreadViewStore(sealed).list(OWNER)).map((t) => t.threadId)).toEqual([
      'c',
      'b',
      'a',
    ]);
  });

  it('after a failed index write, the list is what storage holds', async () => {
    const { sealed, io } = countingStore();
    const store = new ThreadViewStore(sealed);
    await store.save(view('a'), OWNER, 1_000);
    io.failPut = 'refused';
    await expect(store.save(view('b'), OWNER, 1_001)).rejects.toThrow('the disk is full');
    expect((await store.list(OWNER)).map((t) => t.threadId)).toEqual(['a']);
    // Written, but the answer was an error: the next save must not drop the thread again.
    io.failPut = 'unanswered';
    await expect(store.save(view('c'), OWNER, 1_002)).rejects.toThrow('the disk is full');
    io.failPut = undefined;
    await store.save(view('d'), OWNER, 1_003);
    expect((await store.list(OWNER)).map((t) => t.threadId)).toEqual(['d', 'c', 'a']);
  });
});

describe('a thread index with entries this version cannot read', () => {
  it('an unreadable entry is left out; every other thread stays listed and is kept by saves', async () => {
    const sealed = new SealedStore(new StoreDb(`index-${crypto.randomUUID()}`));
    await new ThreadViewStore(sealed).save(view('a'), OWNER, 1_000);
    await new ThreadViewStore(sealed).save(view('b'), OWNER, 1_001);
    const stored = (await sealed.get('thread-index')) as { version: number; threads: unknown[] };
    await sealed.put('thread-index', {
      ...stored,
      threads: [...stored.threads, { threadId: 'x', title: 7 }],
    });
    const store = new ThreadViewStore(sealed);
    expect((await store.list(OWNER)).map((t) => t.threadId)).toEqual(['b', 'a']);
    await store.save(view('c'), OWNER, 1_002);
    expect((await new ThreadViewStore(sealed).list(OWNER)).map((t) => t.threadId)).toEqual([
      'c',
      'b',
      'a',
    ]);
  });

  it('an index a newer version wrote is never rewritten: a save says so', async () => {
    const sealed = new SealedStore(new StoreDb(`index-${crypto.randomUUID()}`));
    const newer = { version: 3, threads: [{ id: 'a', shape: 'of the future' }] };
    await sealed.put('thread-index', newer);
    const store = new ThreadViewStore(sealed);
    expect(await store.list(OWNER)).toEqual([]);
    await expect(store.save(view('b'), OWNER, 1_000)).rejects.toThrow(
      'Your list of threads was saved by a newer version of Countersign',
    );
    expect(await sealed.get('thread-index')).toEqual(newer);
    expect(await store.load('b')).toMatchObject({ threadId: 'b' }); // the thread is saved
  });
});
