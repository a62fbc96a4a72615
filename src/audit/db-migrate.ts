import { Dexie } from 'dexie';
import type { AuditDb } from './db';

/** The sealed store's own database before version 2 of the audit database. */
export const LEGACY_SEALED_DB_NAME = 'countersign-sealed';

/** A one-time step the database has done. */
export interface MetaRow {
  id: string;
  at: number;
}

const MOVED = 'sealed-moved-in';

/**
 * Version 1 to 2 (issue 15 item 6): the sealing key and every sealed value (run states,
 * thread views, the thread index) move from the old `countersign-sealed` database into
 * this one, so existing threads open as they were. It runs once, before any other
 * operation of this connection (Dexie's `ready`): the copy and the mark that it is done
 * are one transaction, so a browser stopped half-way copies again, and a second context
 * finds the mark. The old database is deleted afterwards (a failed delete is retried at
 * the next open; its rows are never copied twice).
 */
export async function moveLegacySealed(db: AuditDb, legacy: string): Promise<void> {
  if (await db.meta.get(MOVED)) return dropLegacy(legacy);
  if (!(await Dexie.exists(legacy))) {
    await db.meta.put({ id: MOVED, at: Date.now() });
    return;
  }
  const old = new Dexie(legacy);
  old.version(1).stores({ keys: 'id', sealed: 'key' });
  let keys: unknown[];
  let rows: unknown[];
  try {
    keys = await old.table('keys').toArray();
    rows = await old.table('sealed').toArray();
  } finally {
    old.close();
  }
  await db.transaction('rw', db.keys, db.sealed, db.meta, async () => {
    if (await db.meta.get(MOVED)) return; // another context moved them first
    // The rows go as they are: the key is the same non-extractable CryptoKey, and each
    // value stays sealed under its item name.
    await db.keys.bulkPut(keys as never[]);
    await db.sealed.bulkPut(rows as never[]);
    await db.meta.put({ id: MOVED, at: Date.now() });
  });
  return dropLegacy(legacy);
}

function dropLegacy(legacy: string): void {
  // Not awaited: a context that still holds the old database open would block the delete.
  void Dexie.delete(legacy).catch(() => undefined);
}
