import { Dexie, type EntityTable } from 'dexie';
import type { ToolCallRecord } from './record-schema';
import type { OutboxEntry } from './outbox';

/** The audit database's name in IndexedDB. */
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

/** The Dexie database holding audit records and the mirror outbox. */
export class AuditDb extends Dexie {
  records!: EntityTable<ToolCallRecord, 'id'>;
  outbox!: EntityTable<OutboxEntry, 'seq'>;

  constructor(name: string = AUDIT_DB_NAME) {
    super(name);
    this.version(1).stores(AUDIT_SCHEMA_V1);
  }
}
