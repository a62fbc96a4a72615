/** The encrypted store's public surface (S3). */
export { SealedStore } from './sealed-store';
export { loadSealingKey, SEALING_KEY_ID } from './sealing-key';
export {
  StoreDb,
  STORE_DB_NAME,
  SEALED_TABLES,
  type KeyRow,
  type SealedDb,
  type SealedRow,
} from './store-db';
export {
  isQuotaError,
  SealedStoreError,
  StorageFullError,
  type SealedStoreFailure,
} from './errors';
