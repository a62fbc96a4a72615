import { SealedStoreError, StorageFullError, isQuotaError } from './errors';
import type { SealedDb } from './store-db';

/** The `keys` row that holds the sealing key. */
export const SEALING_KEY_ID = 'sealing-key-v1';

/**
 * S3: the AES-GCM key sealing the store, created on first use as non-extractable (its
 * bytes never leave WebCrypto) and kept in IndexedDB, so a restarted worker finds it.
 * When two contexts race to create it, the first one stored wins and both use it.
 */
export async function loadSealingKey(db: SealedDb): Promise<CryptoKey> {
  const stored = await db.keys.get(SEALING_KEY_ID);
  if (stored) return checked(stored.key);
  // Generated outside the transaction: an IndexedDB transaction closes while it waits
  // on anything that is not IndexedDB.
  const fresh = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, [
    'encrypt',
    'decrypt',
  ]);
  try {
    const key = await db.transaction('rw', db.keys, async () => {
      const winner = await db.keys.get(SEALING_KEY_ID);
      if (winner) return winner.key;
      await db.keys.add({ id: SEALING_KEY_ID, key: fresh, createdAt: Date.now() });
      return fresh;
    });
    return checked(key);
  } catch (error) {
    if (isQuotaError(error)) throw new StorageFullError({ cause: error });
    throw error;
  }
}

function checked(key: unknown): CryptoKey {
  const ok =
    key instanceof CryptoKey &&
    key.algorithm.name === 'AES-GCM' &&
    !key.extractable &&
    key.usages.includes('encrypt') &&
    key.usages.includes('decrypt');
  if (!ok) throw new SealedStoreError('key-invalid', SEALING_KEY_ID);
  return key;
}
