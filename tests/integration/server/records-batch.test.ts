// POST /records/batch: idempotent upserts, owners, transitions, and bad input refused with
// nothing half-written (rows counted in MariaDB).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  api,
  batch,
  clearTables,
  count,
  record,
  seed,
  sql,
  userId,
  type ApiError,
} from './support';

type BatchAnswer = { results: { id: string; version: number; result: string }[]; stored: number };

beforeEach(clearTables);

function advance(r: ReturnType<typeof record>, status: 'approved' | 'run' | 'failed' | 'rejected') {
  const at = r.updatedAt + 10;
  return {
    ...r,
    status,
    version: r.version + 1,
    updatedAt: at,
    history: [...r.history, { status, at, by: '1' }],
  };
}

describe('idempotent upserts', () => {
  it('the same delivery twice stores one row; a newer version replaces it; an older is ignored', async () => {
    const pending = record('editor1', { status: 'pending' });
    const first = await batch('editor1', [pending]);
    expect(first.status).toBe(200);
    expect((first.body as BatchAnswer).results).toEqual([
      { id: pending.id, version: 1, result: 'created' },
    ]);

    const again = await batch('editor1', [pending]);
    expect((again.body as BatchAnswer).results[0]?.result).toBe('duplicate');
    expect(await count('records', `id='${pending.id}'`)).toBe(1);

    const approved = advance(pending, 'approved');
    const ran = advance(approved, 'run');
    const update = await batch('editor1', [ran]);
    expect((update.body as BatchAnswer).results[0]?.result).toBe('updated');
    const stale = await batch('editor1', [approved]);
    expect((stale.body as BatchAnswer).results[0]?.result).toBe('stale');

    const [[status, version]] = (await sql(
      `SELECT status, version FROM wp_countersign_records WHERE id='${pending.id}'`,
    )) as [[string, string]];
    expect([status, version]).toEqual(['run', '3']);
    const read = await api<{ records: { id: string; status: string; version: number }[] }>(
      'editor1',
      'GET',
      `/records?thread=${pending.threadId}`,
    );
    expect(read.body.records.filter((r) => r.id === pending.id)).toMatchObject([
      { status: 'run', version: 3 },
    ]);
  });

  it('a record read back is the record sent, with the server’s owner (nothing lost, {} kept apart from [])', async () => {
    const sent = record('author1', {
      reasoning: 'Because.',
      // Issue 36: the person's version approved instead of the proposal is kept as sent.
      approvedEdit: {
        input: { id: 3, title: 'Mine' },
        payloadHash: 'b'.repeat(64),
        fields: ['title'],
      },
      configChanges: [{ key: 'blogname', current: 'a', proposed: [] }],
    });
    await batch('author1', [sent]);
    const read = await api<{ records: Record<string, unknown>[] }>(
      'author1',
      'GET',
      `/records?thread=${sent.threadId}`,
    );
    const got = read.body.records.find((r) => r.id === sent.id) as Record<string, unknown>;
    const { owner, receivedAt, attestation, ...rest } = got;
    const { owner: sentOwner, ...sentRest } = sent;
    expect(attestation).toMatchObject({ site: { sender: { userId: userId('author1') } } });
    expect(rest).toEqual(sentRest);
    expect(owner).toMatchObject({ userId: userId('author1'), siteOrigin: sentOwner.siteOrigin });
    expect(typeof receivedAt).toBe('number');
  });

  it('a batch of 500 is stored in one request', async () => {
    const records = Array.from({ length: 500 }, () => record('admin'));
    const res = await batch('admin', records);
    expect(res.status).toBe(200);
    expect((res.body as BatchAnswer).stored).toBe(500);
    expect(await count('records')).toBe(500);
  });
});

describe('owners', () => {
  it('a record claiming another owner is refused, and nothing of its batch is written', async () => {
    const mine = record('editor1');
    const forged = {
      ...record('editor1'),
      owner: { userId: userId('admin'), siteOrigin: seed.origins.primary.url },
    };
    const res = await batch('editor1', [mine, forged]);
    expect(res.status).toBe(403);
    const body = res.body as ApiError;
    expect(body.code).toBe('countersign_owner_forged');
    expect(body.data).toMatchObject({ index: 1, field: 'owner.userId' });
    expect(body.message).toContain('Record 1');
    expect(await count('records')).toBe(0);
  });

  it('a record without an owner is owned by the signed-in user', async () => {
    const { owner: _owner, ...bare } = record('author1');
    expect((await batch('author1', [bare])).status).toBe(200);
    const [[owner]] = (await sql(
      `SELECT user_id FROM wp_countersign_records WHERE id='${bare.id}'`,
    )) as [[string]];
    expect(owner).toBe(userId('author1'));
  });

  it('another user’s record id cannot be overwritten', async () => {
    const theirs = record('admin', { status: 'pending' });
    await batch('admin', [theirs]);
    const takeover = {
      ...advance(theirs, 'approved'),
      owner: { userId: userId('editor1'), siteOrigin: seed.origins.primary.url },
    };
    const res = await batch('editor1', [takeover]);
    expect(res.status).toBe(403);
    expect((res.body as ApiError).code).toBe('countersign_owner_forged');
    const [[owner, status]] = (await sql(
      `SELECT user_id, status FROM wp_countersign_records WHERE id='${theirs.id}'`,
    )) as [[string, string]];
    expect([owner, status]).toEqual([userId('admin'), 'pending']);
  });
});

describe('transitions', () => {
  it('a record never goes back from run to pending', async () => {
    const ran = record('editor1', { status: 'run' });
    await batch('editor1', [ran]);
    const back = {
      ...ran,
      status: 'pending' as const,
      version: ran.version + 1,
      history: [{ status: 'pending' as const, at: 1, by: null }],
    };
    const other = record('editor1');
    const res = await batch('editor1', [other, back]);
    expect(res.status).toBe(409);
    const body = res.body as ApiError;
    // A7: a finished record is refused before its history is even compared.
    expect(body.code).toBe('countersign_record_final');
    expect(body.data).toMatchObject({ index: 1, field: 'version' });
    expect(body.message).toMatch(
      /is finished \("run", version 3\): a finished record never changes/,
    );
    expect(await count('records')).toBe(1);
    expect(await count('records', `id='${ran.id}' AND status='run'`)).toBe(1);
  });

  it('a history with a step the extension forbids is refused', async () => {
    const bad = record('editor1', { status: 'run' });
    bad.history = [
      { status: 'pending', at: 1, by: null },
      { status: 'run', at: 2, by: '1' },
    ];
    const res = await batch('editor1', [bad]);
    expect(res.status).toBe(409);
    expect((res.body as ApiError).data).toMatchObject({ index: 0, field: 'history.1.status' });
    const rejectedFirst = record('editor1', { status: 'rejected' });
    rejectedFirst.history = [{ status: 'rejected', at: 1, by: '1' }];
    const second = await batch('editor1', [rejectedFirst]);
    expect((second.body as ApiError).data.field).toBe('history.0.status');
    expect(await count('records')).toBe(0);
  });

  it('pending, then approved and run delivered together, is accepted', async () => {
    const pending = record('author1', { status: 'pending' });
    await batch('author1', [pending]);
    const ran = advance(advance(pending, 'approved'), 'run');
    const res = await batch('author1', [ran]);
    expect(res.status).toBe(200);
    expect(
      await count(
        'records',
        `id='${pending.id}' AND status='run' AND statuses='pending,approved,run'`,
      ),
    ).toBe(1);
  });
});

describe('bad input, each refused with what is wrong and nothing written', () => {
  async function refused(body: unknown, status: number, code: string) {
    const res = await api<ApiError>('editor1', 'POST', '/records/batch', body);
    expect(res.status).toBe(status);
    expect(res.body.code).toBe(code);
    expect(await count('records')).toBe(0);
    return res.body;
  }

  it('a body that is not a batch', async () => {
    await refused({ record: [] }, 400, 'countersign_invalid_batch');
    await refused({ records: [] }, 400, 'countersign_invalid_batch');
    await refused([record('editor1')], 400, 'countersign_invalid_batch');
  });

  it('a body that is not JSON', async () => {
    const session = await (await import('./support')).as('editor1');
    const res = await session.rest<ApiError>(
      'POST',
      '/countersign/v1/records/batch',
      '{"records": [',
      {
        headers: { 'content-type': 'application/json' },
      },
    );
    expect(res.status).toBe(400);
    expect(['countersign_invalid_batch', 'rest_invalid_json']).toContain(res.body.code);
    expect(await count('records')).toBe(0);
  });

  it('more than 500 records', async () => {
    const body = await refused(
      { records: Array.from({ length: 501 }, () => record('editor1')) },
      413,
      'countersign_batch_too_large',
    );
    expect(body.message).toContain('501');
  });

  it('an oversized record among good ones', async () => {
    const big = record('editor1', { input: { content: 'x'.repeat(300_000) } });
    const body = await refused(
      { records: [record('editor1'), big] },
      413,
      'countersign_record_too_large',
    );
    expect(body.data).toMatchObject({ index: 1, field: null });
  });

  it('issue 36: an approved edit with a hash that is not one, or no fields, is named', async () => {
    const edit = { input: { title: 'Mine' }, payloadHash: 'a'.repeat(64), fields: ['title'] };
    const badHash = { ...record('editor1'), approvedEdit: { ...edit, payloadHash: 'abc' } };
    const body = await refused({ records: [badHash] }, 400, 'countersign_invalid_record');
    expect(body.data).toMatchObject({ index: 0, field: 'approvedEdit.payloadHash' });
    const noFields = { ...record('editor1'), approvedEdit: { ...edit, fields: [] } };
    const second = await refused({ records: [noFields] }, 400, 'countersign_invalid_record');
    expect(second.data).toMatchObject({ index: 0, field: 'approvedEdit.fields' });
  });

  it('an unknown status', async () => {
    const bad = { ...record('editor1'), status: 'done' };
    const body = await refused(
      { records: [record('editor1'), record('editor1'), bad] },
      400,
      'countersign_invalid_record',
    );
    expect(body.data).toMatchObject({ index: 2, field: 'status' });
    expect(body.message).toMatch(/"status" must be one of pending, approved/);
  });

  it('wrong fields are named, every bad record listed', async () => {
    const noTool = { ...record('editor1'), tool: '' };
    const badError = { ...record('editor1'), error: { code: 'Access denied for user root' } };
    const badKind = { ...record('editor1'), classification: { kind: 'erase', destructive: true } };
    const body = await refused(
      { records: [noTool, record('editor1'), badError, badKind] },
      400,
      'countersign_invalid_record',
    );
    expect(body.data.errors?.map((e) => [e.index, e.field])).toEqual([
      [0, 'tool'],
      [2, 'error.code'],
      [3, 'classification.kind'],
    ]);
  });

  it('the same id twice in one batch', async () => {
    const r = record('editor1');
    const body = await refused({ records: [r, { ...r }] }, 400, 'countersign_duplicate_id');
    expect(body.data).toMatchObject({ index: 1, field: 'id' });
  });
});

describe('back-pressure', () => {
  it('a second batch of the same user while one is being written gets 429 with Retry-After', async () => {
    // Hold the user's batch lock from another database connection, as a running batch does.
    const lock = `countersign_batch_wp_${seed.users.editor1.id}`;
    const holder = spawn('mariadb', [
      '--no-defaults',
      `--socket=${join(seed.dir, 'mysqld.sock')}`,
      '-uroot',
      '-N',
      '--unbuffered',
      '-e',
      `SELECT GET_LOCK('${lock}', 0); SELECT SLEEP(2);`,
    ]);
    try {
      await new Promise<void>((resolve) => holder.stdout.once('data', () => resolve()));
      const res = await batch('editor1', [record('editor1')]);
      expect(res.status).toBe(429);
      expect(res.headers.get('retry-after')).toBe('1');
      expect((res.body as ApiError).code).toBe('countersign_batch_in_progress');
      expect(await count('records')).toBe(0);
      // Another user is not held up.
      expect((await batch('author1', [record('author1')])).status).toBe(200);
    } finally {
      // The lock goes with the holder's connection: wait for it, so no later test is held up.
      if (holder.exitCode === null) await new Promise((resolve) => holder.once('close', resolve));
    }
  });
  it('a record locked by another writer for longer than 3 s gets 503 with Retry-After, nothing written', async () => {
    const held = record('editor1', { status: 'pending' });
    await batch('editor1', [held]);
    const holder = spawn('mariadb', [
      '--no-defaults',
      `--socket=${join(seed.dir, 'mysqld.sock')}`,
      '-uroot',
      'wordpress',
      '-N',
      '--unbuffered',
      '-e',
      `START TRANSACTION; SELECT id FROM wp_countersign_records WHERE id='${held.id}' FOR UPDATE; SELECT SLEEP(5); COMMIT;`,
    ]);
    try {
      await new Promise<void>((resolve) => holder.stdout.once('data', () => resolve()));
      const fresh = record('editor1');
      const res = await batch('editor1', [fresh, advance(held, 'approved')]);
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('2');
      expect((res.body as ApiError).code).toBe('countersign_busy');
      expect(await count('records', `id='${fresh.id}'`)).toBe(0);
    } finally {
      if (holder.exitCode === null) await new Promise((resolve) => holder.once('close', resolve));
    }
    expect(await count('records', `id='${held.id}' AND status='pending'`)).toBe(1);
  });
});

describe('text in every language (L1, A5)', () => {
  it('stores and reads back records whose input, reasoning and thread hold non-ASCII text', async () => {
    const text = 'Überschrift – „Zitat“ ’ כותרת עברית 🙂 标题';
    const r = record('editor1', {
      status: 'pending',
      threadId: 'thread-ü',
      input: { id: 4, title: text, meta: {} },
      reasoning: text,
    });
    const answer = await batch('editor1', [r]);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect((answer.body as BatchAnswer).results[0]?.result).toBe('created');
    const read = await api<{ records: { id: string; input: { title: string } }[] }>(
      'editor1',
      'GET',
      `/records?thread=${encodeURIComponent('thread-ü')}`,
    );
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    expect(read.body.records.map((x) => x.input.title)).toEqual([text]);
  });
});
