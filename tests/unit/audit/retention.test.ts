import { describe, expect, it } from 'vitest';
import { syntheticRecords } from '../../../src/audit';
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

  it('A2: a negative retention is refused', async () => {
    const { log } = freshLog();
    await expect(log.purge(-1)).rejects.toThrow(RangeError);
  });
});
