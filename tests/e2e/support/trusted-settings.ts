import { expect, type Worker } from '@playwright/test';

/** The names the extension's trusted settings store holds (src/settings/trusted-settings.ts). */
export type TrustedName = 'apiKey' | 'connection' | 'gatePolicy';

/**
 * Test-only access to the trusted settings, with no hook in the extension: run in the
 * worker, it opens the extension's IndexedDB `countersign-settings` and seals or opens a
 * value with the store's own non-extractable key, in the store's envelope (AES-GCM, a
 * 12-byte IV, the item name bound as additional data). The worker creates the database
 * and the key when it starts (the settings move), so this waits for them.
 */
async function inWorker<T>(
  worker: Worker,
  op: { name: TrustedName; value?: unknown; write: boolean },
): Promise<T> {
  await expect
    .poll(
      () =>
        worker.evaluate(async () => {
          const names = (await indexedDB.databases()).map((d) => d.name);
          if (!names.includes('countersign-settings')) return false;
          const db = await new Promise<IDBDatabase>((resolve, reject) => {
            const open = indexedDB.open('countersign-settings');
            open.onsuccess = () => resolve(open.result);
            open.onerror = () => reject(open.error);
          });
          const ready = db.objectStoreNames.contains('keys');
          const hasKey =
            ready &&
            (await new Promise<boolean>((resolve) => {
              const get = db.transaction('keys').objectStore('keys').get('sealing-key-v1');
              get.onsuccess = () => resolve(get.result !== undefined);
              get.onerror = () => resolve(false);
            }));
          db.close();
          return hasKey;
        }),
      { timeout: 15_000 },
    )
    .toBe(true);
  return worker.evaluate(async ({ name, value, write }) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('countersign-settings');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const request = <R>(r: IDBRequest<R>) =>
      new Promise<R>((resolve, reject) => {
        r.onsuccess = () => resolve(r.result);
        r.onerror = () => reject(r.error);
      });
    const keyRow = await request(db.transaction('keys').objectStore('keys').get('sealing-key-v1'));
    const key = (keyRow as { key: CryptoKey }).key;
    const item = `settings:${name}`;
    const additionalData = new TextEncoder().encode(`countersign:sealed:v1:${item}`);
    try {
      if (write) {
        const iv = crypto.getRandomValues(new Uint8Array(12));
        const plain = new TextEncoder().encode(JSON.stringify(value));
        const data = new Uint8Array(
          await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData }, key, plain),
        );
        const row = { key: item, v: 1, iv, data, sealedAt: Date.now() };
        await request(db.transaction('sealed', 'readwrite').objectStore('sealed').put(row));
        return undefined;
      }
      const row = (await request(db.transaction('sealed').objectStore('sealed').get(item))) as
        { iv: Uint8Array; data: Uint8Array } | undefined;
      if (!row) return undefined;
      const plain = await crypto.subtle.decrypt(
        { name: 'AES-GCM', iv: row.iv as Uint8Array<ArrayBuffer>, additionalData },
        key,
        row.data as Uint8Array<ArrayBuffer>,
      );
      return JSON.parse(new TextDecoder().decode(plain)) as unknown;
    } finally {
      db.close();
    }
  }, op) as Promise<T>;
}

/** Stores a trusted setting as the options page would have. */
export function writeTrustedSetting(worker: Worker, name: TrustedName, value: unknown) {
  return inWorker<void>(worker, { name, value, write: true });
}

/** The stored trusted setting, or undefined. */
export function readTrustedSetting(worker: Worker, name: TrustedName): Promise<unknown> {
  return inWorker<unknown>(worker, { name, write: false });
}
