import { describe, expect, it } from 'vitest';
import { SealedStore, StorageFullError, StoreDb } from '../../../src/store';
import { injectQuotaError } from '../audit/quota';

describe('sealed store on a full disk', () => {
  it('S5: a quota error is StorageFullError and the previous value stays intact', async () => {
    const db = new StoreDb(`sealed-quota-${crypto.randomUUID()}`);
    const failing = injectQuotaError(db, 'sealed');
    const store = new SealedStore(db);
    await store.put('run:thread-1', { step: 1 });
    failing.on = true;
    const attempt = store.put('run:thread-1', { step: 2 });
    await expect(attempt).rejects.toThrow(StorageFullError);
    await expect(store.delete('run:thread-1')).rejects.toMatchObject({ code: 'storage-full' });
    failing.on = false;
    expect(await store.get('run:thread-1')).toEqual({ step: 1 });
    db.close();
  });
});
