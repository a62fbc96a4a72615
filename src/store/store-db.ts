import { Dexie, type EntityTable } from 'dexie';

/**
 * The sealed store's own database before run states moved in with the audit log (issue 15
 * item 6); the settings (their own name) still use this layout, and the audit database
 * moves the run states' rows from here on first open (`src/audit/db-migrate.ts`).
 */
export const STORE_DB_NAME = 'countersign-sealed';

/** The sealed store's tables, in whichever database holds them. */
export const SEALED_TABLES = { keys: 'id', sealed: 'key' } as const;

/** The one sealing key, as IndexedDB holds it (a CryptoKey clones structurally). */
export interface KeyRow {
  id: string;
  key: CryptoKey;
  createdAt: number;
}

/** One sealed value: AES-GCM ciphertext and the IV it was sealed with. */
export interface SealedRow {
  key: string;
  /** Envelope format, for future migrations. */
  v: 1;
  iv: Uint8Array<ArrayBuffer>;
  data: Uint8Array<ArrayBuffer>;
  sealedAt: number;
}

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
