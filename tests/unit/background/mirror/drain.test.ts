import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuditDb, confirmDelivered, takeBatch, type AuditLog } from '../../../../src/audit';
import { MirrorDrain } from '../../../../src/background/mirror/drain';
import { MirrorError } from '../../../../src/background/mirror/errors';
import { freshLog, pendingCall } from '../../audit/support';
import { fakeSite, memoryStates } from './fake-site';

const SITE = 'https://site.test/wp-json/';
const target = { siteRoot: SITE, userId: '7' };
const backoff = { baseMs: 1_000, maxMs: 60_000, maxRetryAfterMs: 3_600_000 };

async function calls(log: AuditLog, n: number, over = {}) {
  const ids: string[] = [];
  for (let i = 0; i < n; i++)
    ids.push((await log.create(pendingCall({ position: i, ...over }))).id);
  return ids;
}

function setup(options: { batchSize?: number; recheckMs?: number } = {}) {
  const { log, db, clock } = freshLog();
  const site = fakeSite();
  const states = memoryStates();
  const drain = new MirrorDrain(db, site.transport, states, {
    now: () => clock.now,
    random: () => 0.5,
    backoff,
    batchSize: options.batchSize ?? 3,
    waitMs: 15 * 60_000,
    ...(options.recheckMs === undefined ? {} : { recheckMs: options.recheckMs }),
  });
  return { log, db, clock, site, states, drain };
}

describe('mirror drain (A5)', () => {
  beforeEach(() => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => vi.restoreAllMocks());

  it('sends every queued record in batches, each once as its latest version', async () => {
    const { log, db, site, drain } = setup();
    const ids = await calls(log, 7);
    await log.transition(ids[0] ?? '', 'approved', { decidedBy: '7' });
    const state = await drain.drainTarget(target);
    expect(site.batches).toBe(3); // 7 records, 3 per batch
    expect(site.deliveries.map((r) => r.id).sort()).toEqual([...ids].sort());
    expect(site.stored.get(ids[0] ?? '')?.version).toBe(2);
    expect(await db.outbox.count()).toBe(0);
    expect(state).toMatchObject({ mode: 'server', delivered: 7, lastError: null, attempts: 0 });
    expect(state.lastSyncAt).not.toBeNull();
  });

  it('an outage keeps everything queued and backs off exponentially with jitter', async () => {
    const { log, db, clock, site, drain } = setup();
    await calls(log, 4);
    site.failWith = new MirrorError('network', 'The site could not be reached.');
    const start = clock.now;
    const waits: number[] = [];
    for (let i = 0; i < 4; i++) {
      const s = await drain.drainTarget(target);
      waits.push(s.nextAttemptAt - clock.now);
      clock.now = s.nextAttemptAt;
    }
    // random 0.5: three quarters of 1 s, 2 s, 4 s, 8 s.
    expect(waits).toEqual([750, 1_500, 3_000, 6_000]);
    expect(site.batches).toBe(4); // one try per due time, no loop in between
    expect(await db.outbox.count()).toBe(4);
    const early = await drain.drainTarget(target);
    expect(site.batches).toBe(5);
    clock.now = start;
    site.failWith = null;
    await drain.drainTarget(target); // not due yet: nothing sent
    expect(site.batches).toBe(5);
    clock.now = early.nextAttemptAt;
    const up = await drain.drainTarget(target);
    expect(up).toMatchObject({ attempts: 0, lastError: null, delivered: 4 });
    expect(await db.outbox.count()).toBe(0);
  });

  it('honours Retry-After when it asks for more than the backoff', async () => {
    const { log, clock, site, drain } = setup();
    await calls(log, 1);
    site.failWith = new MirrorError('server', 'The site had an error (HTTP 503).', {
      status: 503,
      retryAfterMs: 120_000,
    });
    const s = await drain.drainTarget(target);
    expect(s.nextAttemptAt - clock.now).toBe(120_000);
    expect(s.lastError?.message).toContain('HTTP 503');
  });

  it('at least once: a worker killed after the site stored a batch resends it, and the site keeps one copy', async () => {
    const { log, db, clock, site, states } = setup();
    const ids = await calls(log, 3);
    // The first worker dies between the answer and removing the outbox entries.
    const dying = {
      ...site.transport,
      sendBatch: async (...args: Parameters<typeof site.transport.sendBatch>) => {
        await site.transport.sendBatch(...args);
        throw new MirrorError('network', 'worker stopped');
      },
    };
    await new MirrorDrain(db, dying, states, { now: () => clock.now, backoff }).drainTarget(target);
    expect(await db.outbox.count()).toBe(3);
    db.close();
    // A new worker, a new connection to the same database.
    const reopened = new AuditDb(db.name);
    clock.now += 60_000;
    const again = new MirrorDrain(reopened, site.transport, states, { now: () => clock.now });
    await again.drainTarget(target);
    expect(site.deliveries).toHaveLength(6); // delivered twice...
    expect(site.stored.size).toBe(3); // ...stored once
    expect([...site.stored.keys()].sort()).toEqual([...ids].sort());
    expect(await reopened.outbox.count()).toBe(0);
    reopened.close();
  });

  it('a record the site refuses is set aside; the rest of its batch still arrives', async () => {
    const { log, db, site, drain } = setup();
    const ids = await calls(log, 3);
    site.refuse.add(ids[1] ?? '');
    const s = await drain.drainTarget(target);
    expect([...site.stored.keys()].sort()).toEqual([ids[0], ids[2]].sort());
    expect(s.lastError?.message).toMatch(/refused 1 record \(bad record\)/);
    const left = await db.outbox.toArray();
    expect(left.map((e) => e.recordId)).toEqual([ids[1]]);
    expect(left[0]?.attempts).toBe(1);
  });

  it('signed out: waits for a sign-in instead of retrying in a loop', async () => {
    const { log, clock, site, drain } = setup();
    await calls(log, 2);
    site.signedIn = false;
    const s = await drain.drainTarget(target);
    expect(s.lastError?.problem).toBe('signed-out');
    expect(s.nextAttemptAt - clock.now).toBe(15 * 60_000);
    clock.now += 60_000;
    await drain.drainTarget(target);
    expect(site.statusCalls).toBe(1);
    // A sign-in seen in an admin tab releases it at once.
    site.signedIn = true;
    await drain.release(target);
    expect(await drain.drainTarget(target)).toMatchObject({ lastError: null, delivered: 2 });
  });

  it('records of another user wait while someone else is signed in', async () => {
    const { log, site, drain, db } = setup();
    await calls(log, 1);
    site.userId = '8';
    const s = await drain.drainTarget(target);
    expect(s.lastError?.problem).toBe('other-user');
    expect(site.batches).toBe(0);
    expect(await db.outbox.count()).toBe(1);
  });

  it('a site without the plugin keeps its queue, with no error and no retry loop; once the plugin is installed each record arrives once', async () => {
    const { log, db, clock, site, drain, states } = setup({ recheckMs: 60 * 60_000 });
    const ids = await calls(log, 4);
    await calls(log, 1, { owner: { userId: '7', siteOrigin: 'https://other.test' } });
    site.plugin = false;
    const s = await drain.drainTarget(target);
    expect(s).toMatchObject({ mode: 'local-only', lastError: null, attempts: 0 });
    expect(site.batches).toBe(0);
    // Nothing is thrown away: this site's records and the other site's all wait.
    expect(await db.outbox.count()).toBe(5);
    // No loop: the next look at the REST index is an hour away, and until then the drain
    // neither reads the index nor sends anything.
    expect(s.nextAttemptAt).toBe(clock.now + 60 * 60_000);
    const index = site.indexReads;
    await drain.drainTarget(target);
    expect(site.indexReads).toBe(index);

    // A record written meanwhile waits too.
    await log.transition(ids[0] ?? '', 'approved', { decidedBy: '7' });
    expect((await states.get(target)).mode).toBe('local-only');

    // The plugin is installed; an hour later the index is read again and the queue goes.
    site.plugin = true;
    clock.now = s.nextAttemptAt;
    const up = await drain.drainTarget(target);
    expect(up).toMatchObject({ mode: 'server', lastError: null, delivered: 4 });
    expect(site.deliveries.map((r) => r.id).sort()).toEqual([...ids].sort());
    expect(site.stored.get(ids[0] ?? '')?.version).toBe(2);
    // Only the other site's record still waits.
    expect(await db.outbox.count()).toBe(1);
  });

  it('a person asking ("Check the site again") reads the index at once; a plugin removed mid-way keeps the queue', async () => {
    const { log, db, site, drain } = setup();
    await calls(log, 3);
    site.plugin = false;
    await drain.drainTarget(target);
    site.plugin = true;
    await drain.release(target);
    expect(await drain.drainTarget(target)).toMatchObject({ mode: 'server', delivered: 3 });

    // The plugin goes away between the index read and the batch (its routes answer 404).
    await calls(log, 2);
    site.failWith = new MirrorError('no-plugin', 'The site has no Countersign plugin.');
    const gone = await drain.drainTarget(target);
    expect(gone).toMatchObject({ mode: 'local-only', lastError: null, attempts: 0 });
    expect(await db.outbox.count()).toBe(2);
    expect(gone.nextAttemptAt).toBeGreaterThan(gone.checkedAt ?? Infinity);
  });

  it('drainAll sends each owner to their own site and says when to wake', async () => {
    const { log, db, site, drain } = setup();
    await calls(log, 2);
    await calls(log, 1, { owner: { userId: '7', siteOrigin: 'https://other.test' } });
    site.failWith = null;
    const wake = await drain.drainAll();
    expect(site.stored.size).toBe(3);
    expect(wake).toBeNull();
    expect(await db.outbox.count()).toBe(0);
  });
});

describe('outbox batches (A5)', () => {
  it('takes due records of one target only, and confirms by version', async () => {
    const { log, db, clock } = freshLog();
    const mine = await log.create(pendingCall());
    await log.create(
      pendingCall({ position: 1, owner: { userId: '8', siteOrigin: 'https://site.test' } }),
    );
    const batch = await takeBatch(db, target, 10, clock.now);
    expect(batch.map((r) => r.id)).toEqual([mine.id]);
    await log.transition(mine.id, 'approved', { decidedBy: '7' });
    await confirmDelivered(db, [{ id: mine.id, version: 1 }]);
    // Version 2 was written after the batch was taken: it stays queued.
    const left = await db.outbox.where('recordId').equals(mine.id).toArray();
    expect(left.map((e) => e.version)).toEqual([2]);
  });
});
