import { storage } from '#imports';
import { SealedStore, StoreDb } from '../store';
import { logger } from '../shared/log';
import { readLegacy } from './legacy-items';

const log = logger('settings');

/**
 * The database of the settings content scripts must not reach (S3, G11): the API key,
 * the API base URL and default model, and the admin's gate policy. `chrome.storage.local`
 * is readable and writable by every content script of the extension (on every granted
 * admin page, so by a compromised page renderer); the extension origin's IndexedDB is
 * reachable only from its own pages and its worker. Values are sealed (AES-GCM under a
 * non-extractable key, src/store), as transcripts are.
 */
export const SETTINGS_DB_NAME = 'countersign-settings';

/** The names of the values this store holds. */
export type TrustedName = 'apiKey' | 'connection' | 'gatePolicy';

/** Layout version 1: the three values live here, and `chrome.storage.local` holds none. */
const LAYOUT_KEY = 'settings:layout';
const LAYOUT_VERSION = 1;

/** Items an earlier version kept in `chrome.storage.local`, with their WXT metadata. */
const LEGACY_KEYS = ['apiKey', 'apiKey$', 'connection', 'connection$', 'gatePolicy', 'gatePolicy$'];

let store: SealedStore | null = null;
let migrated: Promise<void> | null = null;

/** Installs the store (tests use a fresh database each); the move runs again. */
export function useTrustedStore(next: SealedStore): void {
  store = next;
  migrated = null;
}

function opened(): SealedStore {
  store ??= new SealedStore(new StoreDb(SETTINGS_DB_NAME));
  return store;
}

/**
 * The versioned move from `chrome.storage.local`, once per context: each old value is
 * read once (through its own WXT migrations), stored here unless a value is already here,
 * and deleted. Once the layout is recorded, whatever appears in those old items again (a
 * content script can write them) is ignored and deleted, never read.
 */
export function ensureMigrated(): Promise<void> {
  migrated ??= migrate().catch((error: unknown) => {
    migrated = null;
    throw error;
  });
  return migrated;
}

async function migrate(): Promise<void> {
  const sealed = opened();
  const layout = await sealed.get(LAYOUT_KEY).catch(() => undefined);
  if (layout !== LAYOUT_VERSION) {
    // The connection first: its migration from v0 moves a key it held into the key item.
    for (const name of ['connection', 'apiKey', 'gatePolicy'] as const) {
      const old = await readLegacy(name).catch(() => null);
      if (old === null || old === undefined) continue;
      if ((await sealed.get(`settings:${name}`).catch(() => undefined)) !== undefined) continue;
      await sealed.put(`settings:${name}`, old);
      log.info(`moved the ${name} setting out of extension storage content scripts can read`);
    }
    await sealed.put(LAYOUT_KEY, LAYOUT_VERSION);
  }
  await storage.removeItems(LEGACY_KEYS.map((key) => `local:${key}` as const));
}

/** The stored value, or undefined; a value that cannot be opened reads as none (logged). */
export async function readTrusted(name: TrustedName): Promise<unknown> {
  await ensureMigrated();
  return opened()
    .get(`settings:${name}`)
    .catch((error: unknown) => {
      log.warn(`the stored ${name} setting could not be opened; it is ignored`, error);
      return undefined;
    });
}

/** Stores `value` under `name`, replacing the earlier value. */
export async function writeTrusted(name: TrustedName, value: unknown): Promise<void> {
  await ensureMigrated();
  await opened().put(`settings:${name}`, value);
}

/** Removes the value under `name`. */
export async function removeTrusted(name: TrustedName): Promise<void> {
  await ensureMigrated();
  await opened().delete(`settings:${name}`);
}
