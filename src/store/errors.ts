import { CountersignError } from '../shared/errors';

/** Why a sealed value could not be opened. */
export type SealedStoreFailure =
  /** Authentication failed: the bytes were changed, or another key sealed them. */
  | 'unreadable'
  /** The stored envelope or the JSON inside it is not what `put` writes. */
  | 'malformed'
  /** The stored sealing key is not a usable AES-GCM key. */
  | 'key-invalid';

/** S3: a sealed value that cannot be opened. Never carries the value itself. */
export class SealedStoreError extends CountersignError {
  constructor(
    readonly reason: SealedStoreFailure,
    readonly key: string,
    options?: { cause?: unknown },
  ) {
    super(`sealed-${reason}`, `Stored item "${key}" cannot be opened (${reason}).`, options);
  }
}

/** S5: IndexedDB is out of quota; the write did not happen and older data is intact. */
export class StorageFullError extends CountersignError {
  constructor(options?: { cause?: unknown }) {
    super(
      'storage-full',
      'The browser has no room left to save this; free some space and retry.',
      options,
    );
  }
}

/** Whether an error, or one it wraps (Dexie's `inner`, or `cause`), is a quota error. */
export function isQuotaError(error: unknown): boolean {
  let e: unknown = error;
  for (let depth = 0; depth < 5 && typeof e === 'object' && e !== null; depth++) {
    const named = e as { name?: unknown; inner?: unknown; cause?: unknown };
    if (named.name === 'QuotaExceededError') return true;
    e = named.inner ?? named.cause;
  }
  return false;
}
