import { describe, expect, it } from 'vitest';
import { syntheticRecords } from '../../support/synthetic-records';
import { purgeRecords } from '../../../src/audit/retention';
import { bulkSeed, freshLog, pendingCall } from './support';

const DAY = 86_400_000;

describe('retention (A2)', () => {
  it('A2: purge never removes a pending record', async () => {
    const { log, db, clock } = freshLog();
    const old = await log.create(pendingCall());
    const oldRun = await log.create(pendingCall({ status: 'run' }));
    await db.outbox.clear();
    clock.now += 400 * DAY;

    expect(await log.purge(30)).toBe(1);
    expect(await log.get(old.id)).toMatchObject({ status: 'pending' });
    expect(await log.get(oldRun.id)).toBeUndefined();
  });

  it('A2: only records older than the retention period go, in every final status', async () => {
    const { log, db } = freshLog();
    const now = 1_700_000_000_000 + 100 * DAY;
    const records = syntheticRecords(100, { start: 1_700_000_000_000, stepMs: DAY });
    await bulkSeed(db, records);
    // Statuses cycle run, refused, failed, skipped, pending; records 0..69 are > 30 days old.
    const removed = await log.purge(30, now);
    expect(removed).toBe(56);
    const left = await db.records.toArray();
    expect(
      left.filter((r) => r.createdAt < now - 30 * DAY).every((r) => r.status === 'pending'),
    ).toBe(true);
    expect(left).toHaveLength(44);
  });

  it('A2: a large purge runs in several batches and removes everything due', async () => {
    const { db } = freshLog();
    await bulkSeed(db, syntheticRecords(1_050, { start: 0, statuses: ['run', 'refused'] }));
    expect(await purgeRecords(db, 1, 10 * DAY, 100)).toBe(1_050);
    expect(await db.records.count()).toBe(0);
  });

  it('A5: purge keeps a record the mirror has not delivered yet', async () => {
    const { log, clock } = freshLog();
    const unsent = await log.create(pendingCall({ status: 'run' }));
    clock.now += 400 * DAY;
    expect(await log.purge(30)).toBe(0);
    expect(await log.get(unsent.id)).toBeDefined();
  });

  it('A2, A5: pending and unsent records stay across batch boundaries, even leading a range', async () => {
    const { db } = freshLog();
    const records = syntheticRecords(1_000, { start: 0, statuses: ['run', 'pending', 'refused'] });
    await bulkSeed(db, records);
    // The 30 oldest `run` records (more than a batch of 8) wait in the outbox, and some later ones.
    const runs = records.filter((r) => r.status === 'run');
    const unsent = [...runs.slice(0, 30), ...runs.slice(100, 105)].map((r) => r.id);
    await db.outbox.bulkAdd(
      unsent.map((recordId) => ({
        recordId,
        version: 1,
        enqueuedAt: 0,
        attempts: 3,
        nextAttemptAt: 0,
      })),
    );
    const pending = records.filter((r) => r.status === 'pending').length;
    const removed = await purgeRecords(db, 1, 10 * DAY, 8);
    expect(removed).toBe(1_000 - pending - unsent.length);
    const left = await db.records.toArray();
    expect(left.filter((r) => r.status === 'pending')).toHaveLength(pending);
    expect(
      left
        .filter((r) => r.status !== 'pending')
        .map((r) => r.id)
        .sort(),
    ).toEqual([...unsent].sort());
  });

  it('A2: deletes runs of keys, never across a newer record whose id lies between old ones', async () => {
    const { db } = freshLog();
    const old = syntheticRecords(200, { start: 0, statuses: ['run', 'refused', 'failed'] });
    // Newer records whose ids sort among the old ones' (ids are random UUIDs in use).
    const newer = syntheticRecords(40, { start: 100 * DAY }).map((r, i) => ({
      ...r,
      id: `synthetic-${String(i * 5).padStart(7, '0')}-newer`,
    }));
    await bulkSeed(db, [...old, ...newer]);
    for (const batch of [3, 50, 1_000]) {
      expect(await purgeRecords(db, 1, 10 * DAY, batch), `batch ${batch}`).toBe(
        batch === 3 ? 200 : 0,
      );
    }
    const left = (await db.records.toArray()).map((r) => r.id).sort();
    expect(left).toEqual(newer.map((r) => r.id).sort());
  });

  it('A2: without a mirror target nothing is queued, and a purge removes old records an earlier version queued', async () => {
    const { log, db, clock } = freshLog(1_700_000_000_000, { mirror: false });
    const done = await log.create(pendingCall());
    await log.transition(done.id, 'approved', { decidedBy: '7' });
    await log.transition(done.id, 'run', { outcome: 'ok' });
    expect(await db.outbox.count()).toBe(0);
    // What an install that queued every record looks like: an outbox nothing drains.
    const queued = await log.create(pendingCall({ status: 'run' }));
    await db.outbox.add({
      recordId: queued.id,
      version: 1,
      enqueuedAt: 0,
      attempts: 0,
      nextAttemptAt: 0,
    });
    const waiting = await log.create(pendingCall());
    clock.now += 400 * DAY;
    expect(await log.purge(30)).toBe(2);
    expect(await log.get(done.id)).toBeUndefined();
    expect(await log.get(queued.id)).toBeUndefined();
    expect(await log.get(waiting.id)).toMatchObject({ status: 'pending' });
    expect(await db.outbox.count()).toBe(0);
  });

  it('A2, A5: records queued for a site without the plugin go by age alone, never sooner; other sites keep theirs', async () => {
    const { log, db, clock } = freshLog();
    const plain = { userId: '7', siteOrigin: 'https://plain.test' };
    const oldPlain = await log.create(pendingCall({ status: 'run', owner: plain }));
    const oldPending = await log.create(pendingCall({ owner: plain }));
    const oldServer = await log.create(pendingCall({ status: 'run' }));
    clock.now += 40 * DAY;
    const newPlain = await log.create(pendingCall({ status: 'run', owner: plain }));
    const localOnly = [{ siteRoot: 'https://plain.test/wp-json/', userId: '7' }];

    expect(await log.purge(30, clock.now, localOnly)).toBe(1);
    expect(await log.get(oldPlain.id)).toBeUndefined();
    // Not old enough, pending, or of a site with the plugin: kept, and still queued.
    expect(await log.get(newPlain.id)).toBeDefined();
    expect(await log.get(oldPending.id)).toBeDefined();
    expect(await log.get(oldServer.id)).toBeDefined();
    const queued = new Set(await db.outbox.orderBy('recordId').uniqueKeys());
    expect(queued).toEqual(new Set([newPlain.id, oldPending.id, oldServer.id]));
    // A longer retention removes nothing of theirs.
    expect(await log.purge(60, clock.now, localOnly)).toBe(0);
  });

  it('A2: a negative retention is refused', async () => {
    const { log } = freshLog();
    await expect(log.purge(-1)).rejects.toThrow(RangeError);
  });
});
