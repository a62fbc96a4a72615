import { describe, expect, it } from 'vitest';
import { SealedStore, SealedStoreError } from '../../../src/store';
import { InputError } from '../../../src/shared/errors';
import { freshStore } from './support';

const RUN_STATE = {
  schemaVersion: 1,
  thread: 'thread-1',
  pending: [{ recordId: 'r1', tool: 'wp_update_post', input: { id: 12, title: 'Ünïcødé ✓' } }],
};

describe('sealed store (S3)', () => {
  it('S3: a value round-trips and is not stored in the clear', async () => {
    const { db, store } = freshStore();
    await store.put('run:thread-1', RUN_STATE);
    expect(await store.get('run:thread-1')).toEqual(RUN_STATE);
    const row = await db.sealed.get('run:thread-1');
    const stored = new TextDecoder('utf-8', { fatal: false }).decode(row?.data);
    expect(stored).not.toContain('wp_update_post');
    expect(row?.iv).toHaveLength(12);
  });

  it('S3: a missing item is undefined; delete removes an item', async () => {
    const { store } = freshStore();
    expect(await store.get('nothing')).toBeUndefined();
    await store.put('transcript:t1', ['hello']);
    await store.delete('transcript:t1');
    await store.delete('transcript:t1');
    expect(await store.get('transcript:t1')).toBeUndefined();
  });

  it('S3: every write uses a fresh IV', async () => {
    const { db, store } = freshStore();
    await store.put('a', RUN_STATE);
    const first = await db.sealed.get('a');
    await store.put('a', RUN_STATE);
    const second = await db.sealed.get('a');
    expect(second?.iv).not.toEqual(first?.iv);
    expect(second?.data).not.toEqual(first?.data);
  });

  it('S3: a changed byte is detected as tampering', async () => {
    const { db, store } = freshStore();
    await store.put('run:thread-1', RUN_STATE);
    const row = await db.sealed.get('run:thread-1');
    if (!row) throw new Error('row missing');
    row.data[3] = (row.data[3] ?? 0) ^ 0x01;
    await db.sealed.put(row);
    const opened = store.get('run:thread-1');
    await expect(opened).rejects.toThrow(SealedStoreError);
    await expect(store.get('run:thread-1')).rejects.toMatchObject({ code: 'sealed-unreadable' });
  });

  it('S3: a value moved to another name does not open', async () => {
    const { db, store } = freshStore();
    await store.put('run:mine', RUN_STATE);
    const row = await db.sealed.get('run:mine');
    if (!row) throw new Error('row missing');
    await db.sealed.put({ ...row, key: 'run:theirs' });
    await expect(store.get('run:theirs')).rejects.toMatchObject({ reason: 'unreadable' });
  });

  it('S3: a value sealed by another key does not open', async () => {
    const { db, store } = freshStore();
    await store.put('run:thread-1', RUN_STATE);
    const other = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, [
      'encrypt',
      'decrypt',
    ]);
    await db.keys.update('sealing-key-v1', { key: other });
    await expect(new SealedStore(db).get('run:thread-1')).rejects.toMatchObject({
      reason: 'unreadable',
    });
  });

  it('P6: a malformed envelope is a typed error, not a crash', async () => {
    const { db, store } = freshStore();
    await db.sealed.put({
      key: 'bad',
      v: 1,
      iv: new Uint8Array(3),
      data: new Uint8Array(0),
      sealedAt: 0,
    });
    await expect(store.get('bad')).rejects.toMatchObject({ reason: 'malformed' });
  });

  it('S3: something JSON cannot hold is refused before writing', async () => {
    const { db, store } = freshStore();
    await expect(store.put('x', undefined)).rejects.toThrow(InputError);
    expect(await db.sealed.count()).toBe(0);
  });
});
