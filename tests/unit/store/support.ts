import { SealedStore, StoreDb } from '../../../src/store';

/** A sealed store over a fresh, uniquely named database. */
export function freshStore(name = `sealed-test-${crypto.randomUUID()}`) {
  const db = new StoreDb(name);
  return { db, store: new SealedStore(db) };
}
