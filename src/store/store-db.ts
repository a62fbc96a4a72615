import { Dexie, type EntityTable } from 'dexie';

/** The sealed store's database name; apart from the audit log's database (A2). */
export const STORE_DB_NAME = 'countersign-sealed';

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

/**
 * The encrypted store's database. Only primary keys are indexed: the item names the
 * caller chooses (thread and run ids) and the key id; nothing inside a value.
 */
export class StoreDb extends Dexie {
  keys!: EntityTable<KeyRow, 'id'>;
  sealed!: EntityTable<SealedRow, 'key'>;

  constructor(name: string = STORE_DB_NAME) {
    super(name);
    this.version(1).stores({ keys: 'id', sealed: 'key' });
  }
}
