import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuditLog } from '../../../src/audit';
import { AuditDb, MirrorQueue, type MirrorItem } from '../../../src/audit';
import { freshLog, pendingCall } from './support';

/** A fake mirror server that dedupes on the idempotency key, as the real one does. */
function fakeServer() {
  const server = {
    up: true,
    refuse: new Set<string>(),
    deliveries: [] as MirrorItem[],
    stored: new Map<string, MirrorItem>(),
    send: async (item: MirrorItem) => {
      if (!server.up) throw new TypeError('Failed to fetch');
      if (server.refuse.has(item.recordId)) return { status: 400 };
      server.deliveries.push(item);
      if (!server.stored.has(item.idempotencyKey)) server.stored.set(item.idempotencyKey, item);
      return { status: 201 };
    },
  };
  return server;
}

async function threeCalls(log: AuditLog) {
  const a = await log.create(pendingCall({ position: 0 }));
  const b = await log.create(pendingCall({ position: 1, status: 'refused' }));
  await log.transition(a.id, 'approved', { decidedBy: '7' });
  const c = await log.create(pendingCall({ position: 2, status: 'run' }));
  await log.transition(a.id, 'run', { resultSummary: 'Done.' });
  return [a.id, b.id, c.id];
}

describe('mirror outbox (A5)', () => {
  // Failed deliveries are logged on purpose; keep the test output readable.
  beforeEach(() => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => vi.restoreAllMocks());

  it('A5: each create and transition is queued with the record, in one transaction', async () => {
    const { log, db } = freshLog();
    const [a] = await threeCalls(log);
    const entries = await db.outbox.orderBy('seq').toArray();
    expect(entries.filter((e) => e.recordId === a).map((e) => e.version)).toEqual([1, 2, 3]);
    expect(entries).toHaveLength(5);
  });

  it('A5: an outage queues records; recovery delivers them with no loss and no duplicates', async () => {
    const { log, db, clock } = freshLog();
    const queue = new MirrorQueue(db, { now: () => clock.now, baseDelayMs: 1_000 });
    const server = fakeServer();
    const ids = await threeCalls(log);
    server.up = false;

    // Each pass during the outage probes one record, backs it off and stops.
    for (let pass = 0; pass < 4; pass++) {
      const down = await queue.flush(server.send);
      expect(down).toMatchObject({ sent: 0, remaining: 5 });
      expect(down.failed).toBe(pass < 3 ? 1 : 0);
    }

    server.up = true;
    clock.now += 1_000;
    const up = await queue.flush(server.send);
    expect(up).toMatchObject({ sent: 3, failed: 0, remaining: 0, nextAttemptAt: null });
    expect(server.deliveries.map((d) => d.idempotencyKey).sort()).toEqual(
      [`${ids[0]}:3`, `${ids[1]}:1`, `${ids[2]}:1`].sort(),
    );
    expect(server.stored.get(`${ids[0]}:3`)?.record).toEqual(await log.get(ids[0] ?? ''));
  });

  it('A5: a failure backs off exponentially and stores the next attempt time', async () => {
    const { log, db, clock } = freshLog();
    const queue = new MirrorQueue(db, { now: () => clock.now, baseDelayMs: 1_000 });
    const { id } = await log.create(pendingCall());
    const fail = async () => ({ status: 503 });
    const start = clock.now;
    expect((await queue.flush(fail)).nextAttemptAt).toBe(start + 1_000);
    clock.now = start + 1_000;
    expect((await queue.flush(fail)).nextAttemptAt).toBe(start + 3_000);
    const [entry] = await db.outbox.where('recordId').equals(id).toArray();
    expect(entry).toMatchObject({ attempts: 2, nextAttemptAt: start + 3_000 });
  });

  it('A5: a new version of a backed-off record waits for its retry time', async () => {
    const { log, db, clock } = freshLog();
    const queue = new MirrorQueue(db, { now: () => clock.now, baseDelayMs: 1_000 });
    const server = fakeServer();
    const { id } = await log.create(pendingCall());
    server.up = false;
    await queue.flush(server.send);
    server.up = true;
    await log.transition(id, 'approved', { decidedBy: '7' });
    expect((await queue.flush(server.send)).sent).toBe(0);
    clock.now += 1_000;
    expect((await queue.flush(server.send)).sent).toBe(1);
    expect(server.deliveries.map((d) => d.version)).toEqual([2]);
  });

  it('A5: versions of one record reach the server in order', async () => {
    const { log, db } = freshLog();
    const queue = new MirrorQueue(db);
    const server = fakeServer();
    const { id } = await log.create(pendingCall());
    await queue.flush(server.send);
    await log.transition(id, 'approved', { decidedBy: '7' });
    await queue.flush(server.send);
    await log.transition(id, 'run');
    await queue.flush(server.send);
    expect(server.deliveries.map((d) => d.version)).toEqual([1, 2, 3]);
  });

  it('A5: a record the server refuses stays queued and does not block the others', async () => {
    const { log, db, clock } = freshLog();
    const queue = new MirrorQueue(db, { now: () => clock.now });
    const server = fakeServer();
    const poison = await log.create(pendingCall());
    const fine = await log.create(pendingCall({ position: 1 }));
    server.refuse.add(poison.id);
    expect(await queue.flush(server.send)).toMatchObject({ sent: 0, failed: 1 });
    expect(await queue.flush(server.send)).toMatchObject({ sent: 1, remaining: 1 });
    expect(server.deliveries.map((d) => d.recordId)).toEqual([fine.id]);
  });

  it('A5: concurrent flushes share one pass, so nothing is sent twice', async () => {
    const { log, db } = freshLog();
    const queue = new MirrorQueue(db);
    const server = fakeServer();
    await threeCalls(log);
    await Promise.all([queue.flush(server.send), queue.flush(server.send)]);
    expect(server.deliveries).toHaveLength(3);
  });

  it('S5: queued entries survive a worker restart', async () => {
    const { log, db } = freshLog();
    await threeCalls(log);
    db.close();
    const reopened = new AuditDb(db.name);
    const server = fakeServer();
    const result = await new MirrorQueue(reopened).flush(server.send);
    expect(result).toMatchObject({ sent: 3, remaining: 0 });
    reopened.close();
  });
});
