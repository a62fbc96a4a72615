/**
 * The rows of the sealed store (src/store), in whichever database holds them: its own for
 * the settings, the audit database for run states and thread views (issue 15 item 6). Both
 * src/store and src/audit name these tables, and neither may import the other, so the row
 * shapes and the tables' primary keys live here once.
 */

/** The sealed store's tables and their primary keys (item names and the key id only). */
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
