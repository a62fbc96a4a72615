// A5 against the real plugin: the extension's own drain (MirrorDrain + the HTTP transport)
// sends a real AuditLog's outbox into the test stack's WordPress; rows are counted in
// MariaDB. The outage is the plugin's own 503: its schema-upgrade lock held by another
// database session, so every route answers `countersign_schema_upgrading` with Retry-After.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WP_NONCE } from '../../../src/cms/wordpress/nonce';
import { AuditDb, AuditLog, newRecordId, type NewToolCallRecord } from '../../../src/audit';
import { MirrorDrain } from '../../../src/background/mirror/drain';
import { HttpMirrorTransport } from '../../../src/background/mirror/http-transport';
import { MirrorStateStore, type KeyValueArea } from '../../../src/background/mirror/site-state';
import { wordpressAdapter } from '../../../src/cms/wordpress/wordpress-adapter';
import { as, clearTables, count, php, seed, sql, userId } from './support';

function memoryArea(): KeyValueArea {
  const items: Record<string, unknown> = {};
  return {
    get: async (key) => (key in items ? { [key]: structuredClone(items[key]) } : {}),
    set: async (next) => void Object.assign(items, structuredClone(next)),
  };
}

const restRoot = seed.origins.primary.restRoot;

function call(owner: string, position: number): NewToolCallRecord {
  return {
    id: newRecordId(),
    threadId: 'thread-mirror',
    owner: { userId: owner, siteOrigin: seed.origins.primary.url, siteRoot: restRoot },
    tool: 'wp_update_post',
    input: { id: 4, title: `Title ${position}` },
    payloadHash: 'b'.repeat(64),
    status: 'pending',
    mode: 'ask',
    classification: { kind: 'write', destructive: false, draft: false },
    transport: 'agent',
    position,
  };
}

/** The drain of a browser signed in as `who`, over a fresh audit database. */
async function browser(who: 'admin' | 'editor1') {
  const http = await as(who);
  const clock = { now: Date.now() };
  const db = new AuditDb(`mirror-it-${crypto.randomUUID()}`);
  const log = new AuditLog(db, { mirror: true, now: () => clock.now });
  const transport = new HttpMirrorTransport(
    async () => ({ ...WP_NONCE, current: () => http.nonce, refresh: () => http.refreshNonce() }),
    wordpressAdapter.companion!,
    (input, init) => http.fetch(String(input instanceof Request ? input.url : input), init),
  );
  const states = new MirrorStateStore(memoryArea());
  const drain = new MirrorDrain(db, transport, states, {
    now: () => clock.now,
    batchSize: 100,
  });
  const target = { siteRoot: restRoot, userId: userId(who) };
  return { db, log, drain, clock, target, states };
}

/** Holds the plugin's upgrade lock in another MariaDB session until released. */
const held: Array<() => Promise<void>> = [];

function holdUpgradeLock(): { release: () => Promise<void> } {
  const client: ChildProcess = spawn(
    'mariadb',
    ['--no-defaults', `--socket=${join(seed.dir, 'mysqld.sock')}`, '-uroot', 'wordpress'],
    { stdio: ['pipe', 'ignore', 'inherit'] },
  );
  client.stdin?.write("SELECT GET_LOCK('countersign_schema_wp_', 10);\n");
  let released: Promise<void> | undefined;
  const release = () =>
    (released ??= new Promise<void>((resolve) => {
      client.once('exit', () => resolve());
      client.stdin?.end("SELECT RELEASE_LOCK('countersign_schema_wp_');\n");
    }));
  held.push(release);
  return { release };
}

describe('the mirror against the real plugin (A5)', () => {
  beforeAll(async () => {
    await clearTables();
  });
  afterAll(async () => {
    // Whatever happened, the plugin's tables are usable again.
    await Promise.all(held.map((release) => release()));
    await sql(
      "UPDATE wp_options SET option_value = '1' WHERE option_name = 'countersign_schema_version'",
    );
  });

  it('records arrive once, in their latest version; a resend after a lost answer doubles nothing', async () => {
    const { db, log, drain, target } = await browser('editor1');
    const ids: string[] = [];
    for (let i = 0; i < 250; i++) ids.push((await log.create(call(target.userId, i))).id);
    for (const id of ids.slice(0, 40))
      await log.transition(id, 'approved', { decidedBy: target.userId });

    const state = await drain.drainTarget(target);
    expect(state).toMatchObject({ mode: 'server', lastError: null, delivered: 250 });
    expect(await db.outbox.count()).toBe(0);
    const where = `thread_id = 'thread-mirror' AND user_id = ${target.userId}`;
    expect(await count('records', where)).toBe(250);
    expect(await count('records', `${where} AND version = 2`)).toBe(40);

    // A worker killed after the site stored them, before the outbox forgot them: the same
    // versions are queued again and resent.
    await db.outbox.bulkAdd(
      ids.map((recordId) => ({
        recordId,
        version: 1,
        enqueuedAt: 0,
        attempts: 0,
        nextAttemptAt: 0,
      })),
    );
    const again = await drain.drainTarget(target);
    expect(again.delivered).toBe(500);
    expect(await count('records', where)).toBe(250);
    expect(await db.outbox.count()).toBe(0);
  });

  it('a 503 with Retry-After keeps the records queued, waits what the site asked, then delivers', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { db, log, drain, clock, target } = await browser('admin');
    await sql(
      "UPDATE wp_options SET option_value = '0' WHERE option_name = 'countersign_schema_version'",
    );
    const lock = holdUpgradeLock();
    await new Promise((r) => setTimeout(r, 300)); // the lock is taken
    for (let i = 0; i < 30; i++) await log.create(call(target.userId, i));

    const down = await drain.drainTarget(target);
    expect(down.lastError?.message).toContain('HTTP 503');
    // The plugin asks for 5 s (Retry-After), more than the first backoff (1–2 s).
    expect(down.nextAttemptAt - clock.now).toBe(5_000);
    expect(await db.outbox.count()).toBe(30);
    expect(
      await count('records', `user_id = ${target.userId} AND thread_id = 'thread-mirror'`),
    ).toBe(0);

    // Not due yet: nothing is sent, even though the site is back.
    await lock.release();
    expect((await drain.drainTarget(target)).delivered).toBe(0);
    clock.now = down.nextAttemptAt;
    const up = await drain.drainTarget(target);
    expect(up).toMatchObject({ lastError: null, attempts: 0, delivered: 30 });
    expect(
      await count('records', `user_id = ${target.userId} AND thread_id = 'thread-mirror'`),
    ).toBe(30);
    expect(await db.outbox.count()).toBe(0);
  });

  it('records of another user wait while this browser is signed in as someone else', async () => {
    const { db, log, drain } = await browser('editor1');
    await log.create(call(userId('admin'), 0));
    const state = await drain.drainTarget({ siteRoot: restRoot, userId: userId('admin') });
    expect(state.lastError?.problem).toBe('other-user');
    expect(await db.outbox.count()).toBe(1);
  });

  it('a site whose plugin is deactivated keeps its queue; activated again, every record arrives once', async () => {
    const { db, log, drain, clock, target } = await browser('editor1');
    const plugin = `require_once ABSPATH . 'wp-admin/includes/plugin.php';`;
    const thread = `thread_id = 'thread-plain' AND user_id = ${target.userId}`;
    await php(`${plugin} deactivate_plugins('countersign/countersign.php');`);
    try {
      for (let i = 0; i < 25; i++)
        await log.create({ ...call(target.userId, i), threadId: 'thread-plain' });
      const plain = await drain.drainTarget(target);
      // The REST index has no countersign/v1: local audit only, no error, nothing dropped.
      expect(plain).toMatchObject({ mode: 'local-only', lastError: null, delivered: 0 });
      expect(await db.outbox.count()).toBe(25);
      expect(await count('records', thread)).toBe(0);
    } finally {
      await php(`${plugin} activate_plugin('countersign/countersign.php');`);
    }
    // The next look at the index (due after the recheck period) finds the plugin.
    clock.now += 7 * 60 * 60_000;
    const up = await drain.drainTarget(target);
    expect(up).toMatchObject({ mode: 'server', lastError: null, delivered: 25 });
    expect(await db.outbox.count()).toBe(0);
    expect(await count('records', thread)).toBe(25);
    // Sent again (a worker killed before it forgot them): still one row each.
    const ids = (await db.records.toArray()).map((r) => r.id);
    await db.outbox.bulkAdd(
      ids.map((recordId) => ({
        recordId,
        version: 1,
        enqueuedAt: 0,
        attempts: 0,
        nextAttemptAt: 0,
      })),
    );
    await drain.drainTarget(target);
    expect(await count('records', thread)).toBe(25);
  });
});
