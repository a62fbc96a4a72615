import { storage } from '#imports';
import { SealedStore, StoreDb } from '../store';
import { logger } from '../shared/log';
import { readLegacy } from './legacy-items';

const log = logger('settings');

/**
 * The database of the settings content scripts must not reach (S3, G11): the API key,
 * the API base URL and default model, the admin's gate policy, the audit retention and the
 * last purge (A2), the approval expiry (G12), the calls offered to second approvers (G15)
 * and the audit mirror's per-site state (A5). `chrome.storage.local`
 * is readable and writable by every content script of the extension (on every granted
 * admin page, so by a compromised page renderer); the extension origin's IndexedDB is
 * reachable only from its own pages and its worker. Values are sealed (AES-GCM under a
 * non-extractable key, src/store), as transcripts are.
 */
export const SETTINGS_DB_NAME = 'countersign-settings';

/** The names of the values this store holds. */
export type TrustedName =
  | 'apiKey'
  | 'connection'
  | 'gatePolicy'
  | 'retention'
  | 'lastPurge'
  | 'runOptions'
  | 'offers'
  | 'mirrorState';

/**
 * Layout version 1: the key, connection and policy live here. Version 2 (issue 33): so do
 * the retention, last purge, expiry, second-approver offers and mirror state; from then on
 * `chrome.storage.local` holds none of them.
 */
const LAYOUT_KEY = 'settings:layout';
const LAYOUT_VERSION = 2;

/** Version 2's values and the `chrome.storage.local` keys they were read from before. */
const MOVED_IN_V2: ReadonlyArray<readonly [TrustedName, string]> = [
  ['retention', 'retention'],
  ['lastPurge', 'lastPurge'],
  ['runOptions', 'runOptions'],
  ['offers', 'requester:offers'],
  ['mirrorState', 'countersign.mirror.sites'],
];

/** Items an earlier version kept in `chrome.storage.local`, with their WXT metadata. */
const LEGACY_KEYS = [
  ...['apiKey', 'connection', 'gatePolicy', 'retention', 'lastPurge', 'runOptions'].flatMap(
    (key) => [key, `${key}$`],
  ),
  ...MOVED_IN_V2.map(([, key]) => key),
];

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
  const stored = await sealed.get(LAYOUT_KEY).catch(() => undefined);
  const layout = typeof stored === 'number' ? stored : 0;
  if (layout < 1) {
    // The connection first: its migration from v0 moves a key it held into the key item.
    for (const name of ['connection', 'apiKey', 'gatePolicy'] as const) {
      await moveIn(sealed, name, () => readLegacy(name));
    }
  }
  if (layout < 2) {
    // Read as stored: each value is validated by its own reader, as it always was.
    for (const [name, key] of MOVED_IN_V2) {
      await moveIn(sealed, name, () => storage.getItem<unknown>(`local:${key}`));
    }
  }
  if (layout !== LAYOUT_VERSION) await sealed.put(LAYOUT_KEY, LAYOUT_VERSION);
  await storage.removeItems(LEGACY_KEYS.map((key) => `local:${key}` as const));
}

/** Stores an old value here, unless it is missing or a value is here already. */
async function moveIn(
  sealed: SealedStore,
  name: TrustedName,
  readOld: () => Promise<unknown>,
): Promise<void> {
  const old = await readOld().catch(() => null);
  if (old === null || old === undefined) return;
  if ((await sealed.get(`settings:${name}`).catch(() => undefined)) !== undefined) return;
  await sealed.put(`settings:${name}`, old);
  log.info(`moved the ${name} setting out of extension storage content scripts can read`);
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
