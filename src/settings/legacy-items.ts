import { storage } from '#imports';
import { migrateFromV0 } from './connection-migration';
import { migrateAdminPolicyV1, type StoredAdminPolicy } from './policy-migration';

/*
 * Where earlier versions kept the key, the connection and the admin policy: items of
 * `chrome.storage.local`, which content scripts can read and write. Only the one-time move
 * to the trusted store (trusted-settings.ts) reads them, through their own versioned
 * migrations, and then deletes them.
 */

/** Version 1: the key alone. */
export const legacyApiKeyItem = storage.defineItem<string | null>('local:apiKey', {
  fallback: null,
  version: 1,
});

/** Version 2: `{ apiBaseUrl, defaultModel }` (v0/v1 held the key too; see connection-migration.ts). */
export const legacyConnectionItem = storage.defineItem<unknown>('local:connection', {
  fallback: null,
  version: 2,
  migrations: { 2: (old: unknown) => migrateFromV0(old, legacyApiKeyItem) },
});

/** Version 2: `{ policy, updatedAt }` (v1 was the bare policy; see policy-migration.ts). */
export const legacyPolicyItem = storage.defineItem<StoredAdminPolicy | null>('local:gatePolicy', {
  fallback: null,
  version: 2,
  migrations: { 2: migrateAdminPolicyV1 },
});

/** What an earlier version stored under `name`, migrated to its last layout, or null. */
export async function readLegacy(name: 'apiKey' | 'connection' | 'gatePolicy'): Promise<unknown> {
  // Each read runs the item's migrations first: a value may have been written after the
  // context started (WXT runs them once, when the item is defined).
  if (name === 'apiKey') return legacyApiKeyItem.getValue();
  if (name === 'connection') {
    await legacyConnectionItem.migrate();
    return legacyConnectionItem.getValue();
  }
  await legacyPolicyItem.migrate();
  return legacyPolicyItem.getValue();
}
