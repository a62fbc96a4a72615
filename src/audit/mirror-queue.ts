import { logger } from '../shared/log';
import type { AuditDb } from './db';
import { readRecord } from './record-read';
import { siteRootOf, type ToolCallRecord } from './record-schema';
import type { OutboxEntry } from './outbox';
import { normalSiteRoot } from './site-root';

const log = logger('audit-mirror');

/**
 * Where a record is mirrored: its owner's site (REST root) and the owner, since the server
 * takes the owner from the signed-in person and each person's records go with their login.
 */
export interface MirrorTarget {
  siteRoot: string;
  userId: string;
}

/**
 * One key per target, for maps and stored state: a site reached under either REST root
 * form (`/wp-json/`, `?rest_route=/`) is one target ({@link normalSiteRoot}).
 */
export function targetKey(target: MirrorTarget): string {
  return `${target.userId}@${normalSiteRoot(target.siteRoot)}`;
}

/** The target a record belongs to (its site under the one root form the mirror uses). */
export function targetOf(record: Pick<ToolCallRecord, 'owner'>): MirrorTarget {
  return { siteRoot: normalSiteRoot(siteRootOf(record.owner)), userId: record.owner.userId };
}

/** What the server confirmed it holds: a record id and the version it stored. */
export interface MirrorAck {
  id: string;
  version: number;
}

/** How many records (not versions) wait for one target, and when the earliest is due. */
export interface QueuedTarget {
  target: MirrorTarget;
  records: number;
}

/** How many outbox entries one scan step reads. */
const SCAN_CHUNK = 500;

/**
 * A5: the outbox grouped by target, for the options page and the scheduler. Reads the
 * outbox and each queued record's owner; records that are gone are skipped.
 */
export async function queuedByTarget(db: AuditDb): Promise<QueuedTarget[]> {
  const ids = (await db.outbox.orderBy('recordId').uniqueKeys()) as string[];
  const byKey = new Map<string, QueuedTarget>();
  for (let i = 0; i < ids.length; i += SCAN_CHUNK) {
    const rows = await db.records.bulkGet(ids.slice(i, i + SCAN_CHUNK));
    for (const row of rows) {
      if (!row) continue;
      const target = targetOf(row);
      const key = targetKey(target);
      const hit = byKey.get(key) ?? { target, records: 0 };
      hit.records += 1;
      byKey.set(key, hit);
    }
  }
  return [...byKey.values()];
}

/**
 * A5: up to `limit` records of one target whose outbox entries are due at `now`, in
 * enqueue order, each as its latest snapshot (so versions of a record reach the server in
 * order, and a record written five times is sent once). Entries whose record is gone
 * (outside damage: retention keeps unsent records) are dropped.
 */
export async function takeBatch(
  db: AuditDb,
  target: MirrorTarget,
  limit: number,
  now: number,
): Promise<ToolCallRecord[]> {
  const key = targetKey(target);
  const picked = new Map<string, ToolCallRecord>();
  const skipped = new Set<string>();
  let after = 0;
  while (picked.size < limit) {
    const chunk: OutboxEntry[] = await db.outbox
      .where('seq')
      .above(after)
      .limit(SCAN_CHUNK)
      .toArray();
    if (chunk.length === 0) break;
    after = chunk[chunk.length - 1]?.seq ?? after;
    const fresh = [
      ...new Set(
        chunk
          .filter((e) => e.nextAttemptAt <= now)
          .map((e) => e.recordId)
          .filter((id) => !picked.has(id) && !skipped.has(id)),
      ),
    ];
    // Entries not yet due mark their record as waiting: a later due entry of the same
    // record (a newer version) must not jump its backoff.
    for (const entry of chunk) if (entry.nextAttemptAt > now) skipped.add(entry.recordId);
    const rows = await db.records.bulkGet(fresh);
    for (let i = 0; i < fresh.length && picked.size < limit; i++) {
      const id = fresh[i] as string;
      if (skipped.has(id)) continue;
      const row = rows[i];
      if (!row) {
        log.warn(`Record ${id} is gone; dropping its outbox entries.`);
        await db.outbox.where('recordId').equals(id).delete();
        continue;
      }
      const record = readRecord(row);
      if (targetKey(targetOf(record)) === key) picked.set(id, record);
      else skipped.add(id);
    }
  }
  return [...picked.values()];
}

/**
 * A5: removes the outbox entries the server confirmed: each record's entries up to the
 * version it stored. Entries for newer versions stay and are sent next.
 */
export async function confirmDelivered(db: AuditDb, acks: readonly MirrorAck[]): Promise<void> {
  if (acks.length === 0) return;
  const stored = new Map(acks.map((a) => [a.id, a.version]));
  await db.transaction('rw', db.outbox, async () => {
    await db.outbox
      .where('recordId')
      .anyOf([...stored.keys()])
      .filter((entry) => entry.version <= (stored.get(entry.recordId) ?? 0))
      .delete();
  });
}

/**
 * A5: a record the server refused keeps its entries (nothing is lost; retention keeps it)
 * and waits until `until`, so it does not block the records behind it.
 */
export async function deferRecords(
  db: AuditDb,
  ids: readonly string[],
  until: number,
): Promise<void> {
  if (ids.length === 0) return;
  await db.outbox
    .where('recordId')
    .anyOf([...ids])
    .modify((entry: OutboxEntry) => {
      entry.attempts += 1;
      entry.nextAttemptAt = until;
    });
}

/**
 * A2, A5: the no-server rule for sites without the plugin. Their records stay queued (to
 * be sent once the plugin is installed), but a queue nothing drains must not hold them back
 * from retention: the outbox entries of their records that a purge would remove without a
 * mirror (created before `cutoff`, in a purgeable status) are removed, so the purge that
 * follows may take them; newer ones and pending ones stay queued. Returns how many records
 * it released.
 */
export async function releaseForRetention(
  db: AuditDb,
  targets: readonly MirrorTarget[],
  cutoff: number,
  purgeable: ReadonlySet<string>,
): Promise<number> {
  if (targets.length === 0) return 0;
  const keys = new Set(targets.map(targetKey));
  const ids = (await db.outbox.orderBy('recordId').uniqueKeys()) as string[];
  const old: string[] = [];
  for (let i = 0; i < ids.length; i += SCAN_CHUNK) {
    const slice = ids.slice(i, i + SCAN_CHUNK);
    const rows = await db.records.bulkGet(slice);
    rows.forEach((row, j) => {
      if (!row || row.createdAt >= cutoff || !purgeable.has(row.status)) return;
      if (keys.has(targetKey(targetOf(row)))) old.push(slice[j] as string);
    });
  }
  if (old.length > 0) await db.outbox.where('recordId').anyOf(old).delete();
  return old.length;
}
