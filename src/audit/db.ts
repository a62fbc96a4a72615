import { Dexie, type EntityTable } from 'dexie';
import type { ToolCallRecord } from './record-schema';
import type { OutboxEntry } from './outbox';
import { SEALED_TABLES, type KeyRow, type SealedRow } from '../shared/sealed-rows';
import { LEGACY_SEALED_DB_NAME, moveLegacySealed, type MetaRow } from './db-migrate';

/** The one database in IndexedDB: audit records, mirror outbox and the sealed run states. */
export const AUDIT_DB_NAME = 'countersign';

/**
 * Indexes, and the query each one serves. Only ids, statuses, tool names, thread ids,
 * deciders and times are indexed: never input, diffs, reasoning or anything secret.
 * Compound indexes end in `createdAt` so every filtered list comes back in time order
 * and can be paged by key, without sorting in memory.
 */
export const AUDIT_SCHEMA_V1 = {
  records: [
    'id', // get(id), transitions
    '[threadId+createdAt]', // byThread, query({ threadId }), configChangesForThread (A6)
    '[tool+createdAt]', // query({ tool })
    '[status+createdAt]', // query({ status }), refusedReport (A4), purge by status (A2)
    '[decidedBy+createdAt]', // query({ decidedBy }); null deciders are not indexed
    'createdAt', // query({ from, to }) with no other filter
  ].join(', '),
  outbox: '++seq, recordId, nextAttemptAt', // A5: delivery order, per record, due time
} as const;

/**
 * Version 2 (issue 15 item 6): the sealed store's tables move in (they were the database
 * `countersign-sealed`), so a call's audit record and its run state are written in one
 * transaction. Only primary keys: item names and the key id, nothing inside a value.
 */
export const AUDIT_SCHEMA_V2 = {
  ...AUDIT_SCHEMA_V1,
  ...SEALED_TABLES, // keys: the sealing key; sealed: run states, thread views, the thread index
  meta: 'id', // one-time steps done, e.g. the move of the old sealed database
} as const;

/** The Dexie database holding audit records, the mirror outbox and the sealed store. */
export class AuditDb extends Dexie {
  records!: EntityTable<ToolCallRecord, 'id'>;
  outbox!: EntityTable<OutboxEntry, 'seq'>;
  keys!: EntityTable<KeyRow, 'id'>;
  sealed!: EntityTable<SealedRow, 'key'>;
  meta!: EntityTable<MetaRow, 'id'>;

  /**
   * `legacySealed`: the old sealed database to move in on first open; by default the
   * extension's own (`countersign-sealed`) for the extension's database, none for others.
   */
  constructor(name: string = AUDIT_DB_NAME, legacySealed?: string) {
    super(name);
    this.version(1).stores(AUDIT_SCHEMA_V1);
    this.version(2).stores(AUDIT_SCHEMA_V2);
    const legacy = legacySealed ?? (name === AUDIT_DB_NAME ? LEGACY_SEALED_DB_NAME : undefined);
    if (legacy) this.on('ready', () => moveLegacySealed(this, legacy));
  }
}
