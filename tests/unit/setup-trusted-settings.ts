// Every unit test starts with an empty trusted settings store of its own (S3: the key,
// the connection and the policy live in the extension's IndexedDB, which fake-indexeddb
// keeps for the whole file otherwise), and the one-time move from extension storage runs
// again on its first read. Imported lazily: WXT's fake browser must exist first.
import { beforeEach } from 'vitest';

beforeEach(async () => {
  const { useTrustedStore } = await import('../../src/settings/trusted-settings');
  const { SealedStore, StoreDb } = await import('../../src/store');
  useTrustedStore(new SealedStore(new StoreDb(`settings-test-${crypto.randomUUID()}`)));
});
