import { describe, expect, it } from 'vitest';
import { loadSealingKey, SealedStore, SEALING_KEY_ID, StoreDb } from '../../../src/store';
import { freshStore } from './support';

describe('sealing key (S3)', () => {
  it('S3: the key is not extractable', async () => {
    const { db, store } = freshStore();
    await store.put('a', 1);
    const row = await db.keys.get(SEALING_KEY_ID);
    expect(row?.key.extractable).toBe(false);
    expect(row?.key.algorithm).toMatchObject({ name: 'AES-GCM', length: 256 });
    await expect(crypto.subtle.exportKey('raw', row?.key as CryptoKey)).rejects.toThrow();
  });

  it('S5: the key survives a worker restart, so sealed values still open', async () => {
    const { db, store } = freshStore();
    await store.put('run:thread-1', { step: 3 });
    db.close();
    const reopened = new StoreDb(db.name);
    expect(await new SealedStore(reopened).get('run:thread-1')).toEqual({ step: 3 });
    expect(await reopened.keys.count()).toBe(1);
    reopened.close();
  });

  it('S3: contexts racing to create the key end up with one key', async () => {
    const name = `sealed-race-${crypto.randomUUID()}`;
    const [a, b] = [new StoreDb(name), new StoreDb(name)];
    await Promise.all([loadSealingKey(a), loadSealingKey(b)]);
    await new SealedStore(a).put('x', 'sealed by a');
    expect(await new SealedStore(b).get('x')).toBe('sealed by a');
    expect(await a.keys.count()).toBe(1);
  });

  it('S3: a stored key that is not a usable AES-GCM key is a typed error', async () => {
    const { db, store } = freshStore();
    await db.keys.put({ id: SEALING_KEY_ID, key: 'nope' as unknown as CryptoKey, createdAt: 0 });
    await expect(store.get('anything')).resolves.toBeUndefined();
    await expect(store.put('anything', 1)).rejects.toMatchObject({ code: 'sealed-key-invalid' });
  });
});
