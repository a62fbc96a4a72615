import type { AuditDb } from './db';
import type { AuditStatus } from './record-schema';

const DAY_MS = 86_400_000;
/** How many records one purge transaction removes at most. */
export const PURGE_BATCH_SIZE = 500;

// Every status but `pending`: retention never removes a call that waits for a person.
const PURGEABLE: readonly AuditStatus[] = [
  'approved',
  'rejected',
  'run',
  'failed',
  'refused',
  'skipped',
  'expired',
];

/**
 * A2: removes records created more than `olderThanDays` before `now`, never a pending
 * one and never one still waiting in the mirror outbox (A5: nothing is lost). Works in
 * short transactions of at most `batchSize` records over exact index ranges, so it can
 * run beside the agent loop. Returns how many records it removed.
 */
export async function purgeRecords(
  db: AuditDb,
  olderThanDays: number,
  now: number,
  batchSize: number = PURGE_BATCH_SIZE,
): Promise<number> {
  if (!(olderThanDays >= 0)) throw new RangeError('olderThanDays must be 0 or more');
  const cutoff = now - olderThanDays * DAY_MS;
  let removed = 0;
  for (const status of PURGEABLE) {
    for (;;) {
      const count = await purgeBatch(db, status, cutoff, batchSize);
      removed += count;
      if (count < batchSize) break;
    }
  }
  return removed;
}

async function purgeBatch(
  db: AuditDb,
  status: AuditStatus,
  cutoff: number,
  batchSize: number,
): Promise<number> {
  return db.transaction('rw', db.records, db.outbox, async () => {
    const unsent = new Set(await db.outbox.orderBy('recordId').uniqueKeys());
    const ids = await db.records
      .where('[status+createdAt]')
      .between([status, -Infinity], [status, cutoff], true, false)
      .filter((record) => !unsent.has(record.id))
      .limit(batchSize)
      .primaryKeys();
    await db.records.bulkDelete(ids);
    return ids.length;
  });
}
