import { Dexie } from 'dexie';
import type { AuditDb } from './db';
import { releaseForRetention, type MirrorTarget } from './mirror-queue';
import type { AuditStatus } from './record-schema';
import { PURGEABLE_STATUSES } from '../shared/vocabulary';

const DAY_MS = 86_400_000;
/** How many records one purge transaction removes at most. */
export const PURGE_BATCH_SIZE = 2000;

// Every status but `pending`: retention never removes a call that waits for a person.
const PURGEABLE: readonly AuditStatus[] = PURGEABLE_STATUSES;

/** Whether a purge keeps records the mirror has not delivered. */
export interface PurgeOptions {
  /**
   * True with a mirror target (A5: nothing is lost). False without one: nothing would
   * ever deliver them, so the outbox is emptied first and holds nothing back.
   */
  keepUnsent: boolean;
  /**
   * A5: targets whose site has no Countersign plugin. Their queued records wait for the
   * plugin, but retention treats them as it would without a server: old enough, they go.
   */
  localOnly?: readonly MirrorTarget[];
}

/**
 * A2: removes records created more than `olderThanDays` before `now`, never a pending
 * one and, with `keepUnsent`, never one still waiting in the mirror outbox (A5) unless its
 * site has no plugin (`localOnly`: those go by age, as without a server). Returns
 * how many records it removed.
 *
 * In IndexedDB a purge costs its delete requests (one per key costs about as much as one
 * per range of thousands of keys), so it deletes whole ranges of primary keys:
 * 1. It reads the candidates once, as primary keys from each non-pending status's
 *    `[status+createdAt]` range. A candidate stays one: `createdAt` never changes and no
 *    record goes back to `pending`.
 * 2. It walks the candidates in key order in windows of about `batchSize`, each its own
 *    transaction over records and outbox, so it can run beside the agent loop. A window
 *    reads the outbox's record ids and the store's keys between its first and last
 *    candidate, and deletes every run of consecutive keys that are all candidates and
 *    not in the outbox with one request. Any other key (a newer record, a pending one, one
 *    created since step 1) ends a run, and it is read in the same transaction as the
 *    deletes, so no record can slip into a deleted range.
 */
export async function purgeRecords(
  db: AuditDb,
  olderThanDays: number,
  now: number,
  batchSize: number = PURGE_BATCH_SIZE,
  options: PurgeOptions = { keepUnsent: true },
): Promise<number> {
  if (!(olderThanDays >= 0)) throw new RangeError('olderThanDays must be 0 or more');
  if (!options.keepUnsent) await db.outbox.clear();
  const cutoff = now - olderThanDays * DAY_MS;
  await releaseForRetention(db, options.localOnly ?? [], cutoff, new Set(PURGEABLE));
  const candidates = new Set<string>();
  for (const status of PURGEABLE) {
    const ids = await db.records
      .where('[status+createdAt]')
      .between([status, -Infinity], [status, cutoff], true, false)
      .primaryKeys();
    for (const id of ids) candidates.add(id);
  }
  // IndexedDB orders string keys by UTF-16 code units, as Array.prototype.sort does.
  const sorted = [...candidates].sort();
  let removed = 0;
  let i = 0;
  while (i < sorted.length) {
    const first = sorted[i] as string;
    const last = sorted[Math.min(i + batchSize, sorted.length) - 1] as string;
    const window = await purgeWindow(db, candidates, first, last, batchSize * 4);
    removed += window.removed;
    while (i < sorted.length && (sorted[i] as string) <= window.until) i += 1;
  }
  return removed;
}

/**
 * One transaction: deletes the runs of purgeable keys between `first` and `last`,
 * reading at most `maxKeys` store keys; `until` is the last key it covered.
 */
async function purgeWindow(
  db: AuditDb,
  candidates: ReadonlySet<string>,
  first: string,
  last: string,
  maxKeys: number,
): Promise<{ removed: number; until: string }> {
  return db.transaction('rw', db.records, db.outbox, async () => {
    const unsent = new Set(await db.outbox.orderBy('recordId').uniqueKeys());
    const keys = await db.records
      .where(':id')
      .between(first, last, true, true)
      .limit(maxKeys)
      .primaryKeys();
    const runs: [string, string][] = [];
    let start: string | null = null;
    let previous: string | null = null;
    let removed = 0;
    for (const key of keys) {
      if (candidates.has(key) && !unsent.has(key)) {
        start ??= key;
        removed += 1;
      } else if (start !== null && previous !== null) {
        runs.push([start, previous]);
        start = null;
      }
      previous = key;
    }
    if (start !== null && previous !== null) runs.push([start, previous]);
    await deleteRuns(runs);
    const until = keys.length === maxKeys ? (keys[keys.length - 1] as string) : last;
    return { removed, until };
  });
}

/**
 * One IndexedDB request per run, straight on the transaction's store: Dexie's
 * `Collection.delete()` would count each range first, doubling the requests. Requests on
 * one store complete in order, so the last one's success means all have succeeded; any
 * failure aborts the whole transaction.
 */
async function deleteRuns(runs: readonly [string, string][]): Promise<void> {
  const transaction = Dexie.currentTransaction;
  if (!transaction || runs.length === 0) return;
  const store = transaction.idbtrans.objectStore('records');
  let request: IDBRequest | undefined;
  for (const [from, to] of runs) {
    request = store.delete(from === to ? from : IDBKeyRange.bound(from, to));
  }
  await new Promise<void>((resolve, reject) => {
    if (!request) return resolve();
    request.onsuccess = () => resolve();
    request.onerror = () => reject(request.error);
  });
}
