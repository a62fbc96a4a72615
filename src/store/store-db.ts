import { Dexie, type EntityTable } from 'dexie';
import { SEALED_TABLES, type KeyRow, type SealedRow } from '../shared/sealed-rows';

/**
 * The sealed store's own database before run states moved in with the audit log (issue 15
 * item 6); the settings (their own name) still use this layout, and the audit database
 * moves the run states' rows from here on first open (`src/audit/db-migrate.ts`).
 */
export const STORE_DB_NAME = 'countersign-sealed';

export { SEALED_TABLES, type KeyRow, type SealedRow };

/** Any Dexie database that holds the sealed store's tables (its own, or the audit's). */
export type SealedDb = Dexie & {
  keys: EntityTable<KeyRow, 'id'>;
  sealed: EntityTable<SealedRow, 'key'>;
};

/**
 * The encrypted store's own database (the settings). Only primary keys are indexed: the item names the
 * caller chooses (thread and run ids) and the key id; nothing inside a value.
 */
export class StoreDb extends Dexie {
  keys!: EntityTable<KeyRow, 'id'>;
  sealed!: EntityTable<SealedRow, 'key'>;

  constructor(name: string = STORE_DB_NAME) {
    super(name);
    this.version(1).stores(SEALED_TABLES);
  }
}
