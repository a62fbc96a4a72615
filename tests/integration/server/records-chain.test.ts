// A7: the site's copy of the audit is evidence, not a claim. The site stamps the sender it
// saw and when; a decision taken through the site is attested by the site; a finished record
// never changes; every row is chained, and a row deleted or altered behind the site's back is
// found and its position named.
import { beforeEach, describe, expect, it } from 'vitest';
import type { ToolCallRecord } from '../../../src/audit/record-schema';
import { decide, offer, requireSecondApprover } from './approvals-support';
import {
  api,
  batch,
  clearTables,
  count,
  php,
  record,
  seed,
  sql,
  userId,
  type ApiError,
} from './support';

type Attested = ToolCallRecord & {
  decidedByName?: string;
  attestation: {
    site: {
      sender: { userId: string; login: string; displayName: string };
      receivedAt: number;
      firstReceivedAt: number;
      writtenBySite: boolean;
      decision: { status: string; by: string; login: string; name: string; at: number } | null;
    };
    reported: string[];
  };
};
type Break = { position: number | null; recordId: string | null; problem: string; message: string };
type Chain = { intact: boolean; rows: number; head: string | null; breaks: Break[] };
type BatchAnswer = { results: { id: string; result: string }[] };

beforeEach(clearTables);

const chain = async (who: 'admin' | 'editor1' = 'admin') => {
  const res = await api<Chain>(who, 'GET', '/records/chain');
  expect(res.status, res.text).toBe(200);
  return res.body;
};

async function read(id: string, thread = 'thread-a'): Promise<Attested> {
  const res = await api<{ records: Attested[] }>('admin', 'GET', `/records?thread=${thread}`);
  expect(res.status, res.text).toBe(200);
  const found = res.body.records.find((r) => r.id === id);
  if (!found) throw new Error(`record ${id} not read back`);
  return found;
}

describe('what the site attests and what the browser reported', () => {
  it('a forged decidedBy and createdAt are reported, not attested: the site names the sender it saw', async () => {
    const before = Date.now();
    const forged = record('editor1', {
      decidedBy: userId('admin'),
      createdAt: Date.UTC(2001, 0, 1),
    });
    expect((await batch('editor1', [forged])).status).toBe(200);
    const after = Date.now();
    const got = await read(forged.id);
    // The browser's words are kept as sent...
    expect(got.decidedBy).toBe(userId('admin'));
    expect(got.createdAt).toBe(Date.UTC(2001, 0, 1));
    // ...but the site attests only what it saw: editor1 sent it, now, and nobody decided it
    // through the site; the admin is not named as its decider.
    expect(got.attestation.site.sender).toMatchObject({
      userId: userId('editor1'),
      login: seed.users.editor1.login,
    });
    expect(got.attestation.site.receivedAt).toBeGreaterThanOrEqual(before - 1000);
    expect(got.attestation.site.receivedAt).toBeLessThanOrEqual(after + 1000);
    expect(got.attestation.site.decision).toBeNull();
    expect(got.attestation.reported).toEqual(
      expect.arrayContaining(['decidedBy', 'createdAt', 'history']),
    );
    expect(got).not.toHaveProperty('decidedByName');
  });

  it("a second approver's decision through the approvals routes is attested by the site and named", async () => {
    await requireSecondApprover();
    const call = (await offer('editor1')).body;
    expect((await decide('ana', call)).status).toBe(200);
    const r = record('editor1', {
      id: call.id,
      threadId: 'thread-approved',
      decidedBy: userId('ana'),
    });
    expect((await batch('editor1', [r])).status).toBe(200);
    const got = await read(r.id, 'thread-approved');
    const anaName = (
      await sql(`SELECT display_name FROM wp_users WHERE ID=${userId('ana')}`)
    )[0]?.[0];
    expect(got.attestation.site.decision).toMatchObject({
      status: 'approved',
      by: userId('ana'),
      login: seed.users.ana.login,
    });
    expect(got.decidedByName).toBe(anaName);
    expect((await chain()).intact).toBe(true);
  });

  it("an approval that expired on the site is attested as the site's own outcome, by nobody", async () => {
    await requireSecondApprover();
    const call = (await offer('editor1')).body;
    await sql(`UPDATE wp_countersign_approvals SET expires_at = 1 WHERE id = '${call.id}'`);
    await php("do_action('countersign_expire_approvals');");
    const r = record('editor1', { id: call.id, threadId: 'thread-expired', status: 'expired' });
    expect((await batch('editor1', [r])).status).toBe(200);
    const got = await read(r.id, 'thread-expired');
    // The site saw the call expire: no person decided it, and the chain says so.
    expect(got.attestation.site.decision).toMatchObject({ status: 'expired', by: '0', login: '' });
    expect(got).not.toHaveProperty('decidedByName');
    // An expiry attested once: a second pass of the cron adds nothing.
    const rows = (await chain()).rows;
    await php("do_action('countersign_expire_approvals');");
    expect(await chain()).toMatchObject({ intact: true, rows });
  });

  it('a site policy change is written and attested by the site itself', async () => {
    const res = await api<{ recordId: string }>('admin', 'PUT', '/policy', {
      replaces: 0,
      policy: { wp_get_post: { mode: 'allow' } },
    });
    expect(res.status, res.text).toBe(200);
    const got = await read(res.body.recordId, 'site-policy');
    expect(got.attestation.site.writtenBySite).toBe(true);
    expect(got.attestation.reported).toEqual([]);
    expect(got.attestation.site.sender.userId).toBe(userId('admin'));
    const c = await chain();
    expect(c).toMatchObject({ intact: true, rows: 1 });
  });
});

describe('a finished record never changes', () => {
  it('a higher version of a finished record is refused with a clear error, and nothing is written', async () => {
    const done = record('editor1', { status: 'run', resultSummary: 'Title changed' });
    expect((await batch('editor1', [done])).status).toBe(200);
    const stored = await sql(`SELECT body FROM wp_countersign_records WHERE id='${done.id}'`);
    const rewritten = {
      ...done,
      version: done.version + 1,
      resultSummary: 'Nothing happened',
      input: { id: 4, title: 'Another title' },
    };
    const res = await batch('editor1', [rewritten]);
    expect(res.status).toBe(409);
    const err = res.body as ApiError;
    expect(err.code).toBe('countersign_record_final');
    expect(err.data.field).toBe('version');
    expect(err.message).toContain('finished');
    expect(err.message).toContain('Nothing was written');
    expect(await sql(`SELECT body FROM wp_countersign_records WHERE id='${done.id}'`)).toEqual(
      stored,
    );
    expect(await count('chain')).toBe(1);
  });

  it('A5: the same version sent again stays a harmless duplicate', async () => {
    const done = record('editor1', { status: 'failed' });
    expect((await batch('editor1', [done])).status).toBe(200);
    const again = await batch('editor1', [done]);
    expect(again.status).toBe(200);
    expect((again.body as BatchAnswer).results[0]?.result).toBe('duplicate');
    expect(await count('chain')).toBe(1);
  });

  it('a pending record still moves forward along the allowed steps, each step chained', async () => {
    const pending = record('editor1', { status: 'pending' });
    expect((await batch('editor1', [pending])).status).toBe(200);
    const at = pending.updatedAt + 10;
    const approved = {
      ...pending,
      status: 'approved' as const,
      version: 2,
      updatedAt: at,
      decidedBy: userId('editor1'),
      decidedAt: at,
      history: [...pending.history, { status: 'approved' as const, at, by: userId('editor1') }],
    };
    const res = await batch('editor1', [approved]);
    expect((res.body as BatchAnswer).results[0]?.result).toBe('updated');
    expect(await chain()).toMatchObject({ intact: true, rows: 2 });
  });
});

describe('the chain finds a row deleted or altered in the database', () => {
  async function three(): Promise<ToolCallRecord[]> {
    const rs = [record('editor1'), record('editor1'), record('editor1')];
    for (const r of rs) expect((await batch('editor1', [r])).status).toBe(200);
    expect(await chain()).toMatchObject({ intact: true, rows: 3, breaks: [] });
    return rs;
  }

  it("a record's body changed through wpdb is named with its position", async () => {
    const [, second] = await three();
    await php(
      `global $wpdb; $wpdb->query("UPDATE {$wpdb->prefix}countersign_records SET body = REPLACE(body, 'A title', 'A forged title') WHERE id = '${second?.id}'");`,
    );
    const c = await chain();
    expect(c.intact).toBe(false);
    expect(c.breaks[0]).toMatchObject({ position: 2, recordId: second?.id, problem: 'changed' });
    expect(c.breaks[0]?.message).toContain('changed in the database');
  });

  it('a record row deleted through wpdb is named with its position', async () => {
    const [first] = await three();
    await php(
      `global $wpdb; $wpdb->delete($wpdb->prefix . 'countersign_records', array('id' => '${first?.id}'));`,
    );
    const c = await chain();
    expect(c.breaks[0]).toMatchObject({ position: 1, recordId: first?.id, problem: 'deleted' });
  });

  it('a chain entry deleted, or altered, is named with its position', async () => {
    await three();
    await sql('DELETE FROM wp_countersign_chain WHERE seq = 2');
    let c = await chain();
    expect(c.breaks[0]).toMatchObject({ position: 2, problem: 'missing' });
    expect(c.breaks[0]?.message).toMatch(/missing/);
    await clearTables();
    await three();
    await sql("UPDATE wp_countersign_chain SET status = 'rejected' WHERE seq = 3");
    c = await chain();
    expect(c.breaks[0]).toMatchObject({ position: 3, problem: 'altered' });
  });

  it('the export says whether the chain holds, and where it breaks', async () => {
    const [, second] = await three();
    let res = await api('admin', 'GET', '/records/export?format=jsonl');
    expect(res.headers.get('x-countersign-chain')).toBe('intact; entries=3');
    await sql(
      `UPDATE wp_countersign_records SET body = REPLACE(body, 'ask', 'allow') WHERE id='${second?.id}'`,
    );
    res = await api('admin', 'GET', '/records/export?format=csv');
    expect(res.headers.get('x-countersign-chain')).toBe(
      'broken; entry=2; problem=changed; breaks=1',
    );
  });

  it("a person without the audit capability sees where it breaks, not another person's record id", async () => {
    const [first] = await three();
    await sql(`DELETE FROM wp_countersign_records WHERE id='${first?.id}'`);
    const c = await chain('editor1');
    expect(c.breaks[0]).toMatchObject({ position: 1, recordId: first?.id });
    const other = await api<Chain>('author1', 'GET', '/records/chain');
    expect(other.body.breaks[0]).toMatchObject({ position: 1, recordId: null });
    expect(other.body.breaks[0]?.message).not.toContain(first?.id ?? '-');
  });

  it('the retention purge is recorded in the chain, so it is no break', async () => {
    const old = record('editor1', { createdAt: Date.UTC(2020, 0, 1) });
    expect((await batch('editor1', [old, record('editor1')])).status).toBe(200);
    expect(
      await php(
        'echo Countersign_Retention::purge_older_than(30, (int) (microtime(true) * 1000));',
      ),
    ).toBe('1');
    expect(await chain()).toMatchObject({ intact: true, rows: 3 });
  });
});

describe('one chain per site, whatever arrives at once', () => {
  it('concurrent batches of five people keep one unbroken chain', async () => {
    const people = ['admin', 'editor1', 'editor2', 'author1', 'ana'] as const;
    const send = async (who: (typeof people)[number]) => {
      for (let round = 0; round < 3; round += 1) {
        const rs = Array.from({ length: 20 }, () => record(who));
        for (;;) {
          const res = await batch(who, rs);
          if (res.status === 200) break;
          expect([429, 503], res.text).toContain(res.status);
        }
      }
    };
    await Promise.all(people.map(send));
    const c = await chain();
    expect(c).toMatchObject({ intact: true, rows: 300, breaks: [] });
    const seqs = await sql(
      'SELECT MIN(seq), MAX(seq), COUNT(DISTINCT prev_hash) FROM wp_countersign_chain',
    );
    expect(seqs[0]).toEqual(['1', '300', '300']);
  });
});

describe('upgrading an install of schema 4', () => {
  it('chains the records it holds, oldest first, and the chain verifies', async () => {
    const rs = [record('editor1'), record('ana'), record('editor1')];
    for (const r of rs)
      expect((await batch(r.owner?.userId === userId('ana') ? 'ana' : 'editor1', [r])).status).toBe(
        200,
      );
    await sql(
      "DELETE FROM wp_countersign_chain; DELETE FROM wp_options WHERE option_name = 'countersign_chain_head'; UPDATE wp_countersign_records SET sender_login = '', first_received_at = 0;",
    );
    await php(
      "update_option('countersign_schema_version', 4); Countersign_Schema::maybe_upgrade(); echo Countersign_Schema::installed_version();",
    );
    expect(await php('echo Countersign_Schema::installed_version();')).toBe('5');
    const rows = await sql(
      'SELECT record_id, event, user_login FROM wp_countersign_chain ORDER BY seq',
    );
    expect(rows.map((r) => r[0])).toEqual(rs.map((r) => r.id));
    expect(rows.every((r) => r[1] === 'adopted')).toBe(true);
    expect(rows[1]?.[2]).toBe(seed.users.ana.login);
    expect(await chain()).toMatchObject({ intact: true, rows: 3 });
  });
});
