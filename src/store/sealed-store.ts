import { InputError } from '../shared/errors';
import { SealedStoreError, StorageFullError, isQuotaError } from './errors';
import { loadSealingKey } from './sealing-key';
import { StoreDb, type SealedDb, type SealedRow } from './store-db';

const IV_BYTES = 12;

/** What a `put` may run besides sealing and writing the value. */
export interface PutOptions {
  /** Runs in the write's own transaction: both are stored or neither (see `put`). */
  alongside?: () => Promise<unknown>;
  /** Runs while the write is under way, before it commits; a throw writes nothing. */
  beforeCommit?: () => void;
}
const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true });

/**
 * S3: JSON values encrypted at rest with AES-GCM under a non-extractable key, for
 * transcripts and suspended run state. Each write uses a fresh 12-byte IV, and the item
 * name is bound in as additional data, so a value moved to another name fails to open.
 */
export class SealedStore {
  private key: Promise<CryptoKey> | null = null;

  constructor(readonly db: SealedDb = new StoreDb()) {}

  /**
   * Seals `value` (anything JSON can hold) under `key`, replacing any earlier value.
   * `alongside` runs in the same IndexedDB transaction as the write, over every table of
   * the database (the audit record of a call, issue 15 item 6): both are stored, or
   * neither. It may only wait on IndexedDB work of this database, never on anything else.
   * `beforeCommit` runs once the writes are under way and before they commit (so its work
   * overlaps theirs); when it throws, nothing is written.
   */
  async put(key: string, value: unknown, options: PutOptions = {}): Promise<void> {
    const json = JSON.stringify(value);
    if (json === undefined) throw new InputError(`Cannot store "${key}": not a JSON value.`);
    const row = await this.seal(key, json);
    const { alongside, beforeCommit } = options;
    if (!alongside && !beforeCommit) return this.guard(() => this.db.sealed.put(row));
    const tables = alongside ? this.db.tables : [this.db.sealed];
    await this.guard(() =>
      this.db.transaction('rw', tables, async () => {
        // Both sets of requests go out at once; a failure of either aborts the transaction.
        const writes = Promise.all([this.db.sealed.put(row), alongside?.()]);
        try {
          beforeCommit?.();
        } catch (error) {
          writes.catch(() => undefined); // aborted with the transaction
          throw error;
        }
        await writes;
      }),
    );
  }

  /**
   * Opens the value under `key`, or undefined when there is none. Throws
   * `SealedStoreError` when it was tampered with, sealed by another key, or malformed.
   */
  async get(key: string): Promise<unknown> {
    const row: unknown = await this.db.sealed.get(key);
    if (row === undefined) return undefined;
    if (!isEnvelope(row)) throw new SealedStoreError('malformed', key);
    let plain: ArrayBuffer;
    try {
      plain = await crypto.subtle.decrypt(
        { name: 'AES-GCM', iv: row.iv, additionalData: boundName(key) },
        await this.sealingKey(),
        row.data,
      );
    } catch (error) {
      if (error instanceof SealedStoreError) throw error;
      throw new SealedStoreError('unreadable', key, { cause: error });
    }
    try {
      return JSON.parse(decoder.decode(plain)) as unknown;
    } catch (error) {
      throw new SealedStoreError('malformed', key, { cause: error });
    }
  }

  /** Removes the value under `key`; removing a missing one is not an error. */
  async delete(key: string): Promise<void> {
    await this.guard(() => this.db.sealed.delete(key));
  }

  private async seal(key: string, json: string): Promise<SealedRow> {
    const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
    const sealed = await crypto.subtle.encrypt(
      { name: 'AES-GCM', iv, additionalData: boundName(key) },
      await this.sealingKey(),
      encoder.encode(json),
    );
    return { key, v: 1, iv, data: new Uint8Array(sealed), sealedAt: Date.now() };
  }

  private sealingKey(): Promise<CryptoKey> {
    // A failed load is not cached, so the next call tries again.
    this.key ??= loadSealingKey(this.db).catch((error: unknown) => {
      this.key = null;
      throw error;
    });
    return this.key;
  }

  private async guard(write: () => Promise<unknown>): Promise<void> {
    try {
      await write();
    } catch (error) {
      if (isQuotaError(error)) throw new StorageFullError({ cause: error });
      throw error;
    }
  }
}

function boundName(key: string): Uint8Array<ArrayBuffer> {
  return encoder.encode(`countersign:sealed:v1:${key}`);
}

function isEnvelope(row: unknown): row is SealedRow {
  const r = row as Partial<SealedRow> | null;
  return (
    typeof r === 'object' &&
    r !== null &&
    r.v === 1 &&
    r.iv instanceof Uint8Array &&
    r.iv.length === IV_BYTES &&
    r.data instanceof Uint8Array
  );
}
