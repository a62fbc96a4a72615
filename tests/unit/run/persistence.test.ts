import { describe, expect, it } from 'vitest';
import { AuditDb, AuditLog } from '../../../src/audit';
import { RunStateError, SealedRunStore, type RunState } from '../../../src/run';
import { SealedStore } from '../../../src/store';
import { freshStore } from '../store/support';
import { injectQuotaError } from '../audit/quota';
import { awaiting, decisionFor, newThread } from './support/flow';
import { fixture } from './support/fixtures';
import { reply, text, toolUse } from './support/scripted-model';
import { OWNER, World } from './support/world';

/** The audit record a worker wrote when it suspended the v1-pending fixture's call. */
function pendingRecord(threadId: string) {
  return {
    id: 'rec-b',
    threadId,
    owner: OWNER,
    tool: 'wp_update_post',
    input: { id: 1, title: 'New' },
    payloadHash: 'a8a1ca01aede325c43e8874e48d0dae100fac1b750fd86d7b317698408e0ba12',
    status: 'pending' as const,
    mode: 'ask' as const,
    classification: { kind: 'write' as const, destructive: false, draft: false },
    transport: 'agent' as const,
    position: 1,
  };
}

describe('persistence (S3) and resuming saved runs', () => {
  it('S3: a suspended run is encrypted at rest: raw IndexedDB content does not contain the input text', async () => {
    const world = new World();
    const worker = world.worker();
    const threadId = await newThread(worker);
    world.model.script.push(
      reply(toolUse('wp_update_post', { id: 1, title: 'Secret title 4711' })),
    );
    awaiting(await worker.runs.send(threadId, 'Call it Secret title 4711', OWNER));
    const row = await world.sealedRow(threadId);
    expect(row?.data.byteLength).toBeGreaterThan(100);
    const raw = new TextDecoder('utf-8', { fatal: false }).decode(row?.data);
    // Not '4711' alone: the row's timestamps (ms since 1970) hold it now and then.
    for (const needle of ['Secret title', 'title 4711', 'wp_update_post', 'schemaVersion']) {
      expect(raw).not.toContain(needle);
      expect(JSON.stringify(row)).not.toContain(needle);
    }
  });

  it('a frozen v1 suspended run resumes: the card is shown again and approving runs the call', async () => {
    const world = new World();
    await world.seed('thread-pending', fixture('v1-pending'));
    world.model.script.push(reply(text('Renamed and deleted.')));
    const worker = world.worker();
    const card = awaiting(await worker.runs.resume('thread-pending'));
    expect(card).toMatchObject({
      recordId: 'rec-b',
      tool: 'wp_update_post',
      waiting: [{ recordId: 'rec-c' }],
    });
    const second = awaiting((await worker.runs.decide('thread-pending', decisionFor(card))).next!);
    expect(second.tool).toBe('wp_delete_post');
    const end = await worker.runs.decide('thread-pending', decisionFor(second));
    expect(end.next?.kind).toBe('final');
    expect(world.cms.executions.map((e) => e.tool)).toEqual(['wp_update_post', 'wp_delete_post']);
  });

  it('P6: a suspended run with malformed previews still resumes, its card without a preview', async () => {
    const world = new World();
    await world.seed('thread-bad-previews', fixture('v1-bad-previews'));
    await world.auditLog().create(pendingRecord('thread-bad-previews'));
    const worker = world.worker();
    const card = awaiting(await worker.runs.resume('thread-bad-previews'));
    expect(card.recordId).toBe('rec-b');
    expect(card.preview).toBeNull();
    expect(world.eventsOf('notice').map((n) => n.code)).toContain('preview-dropped');
  });

  it('P5: resuming a run whose pending call is unusable closes its record and tells the model', async () => {
    const world = new World();
    const raw = fixture('v1-pending') as unknown as RunState;
    (raw.turn!.calls[1] as Record<string, unknown>)['toolUseId'] = 42;
    await world.seed('thread-pending', raw);
    await world.auditLog().create(pendingRecord('thread-pending'));
    world.model.script.push(reply(text('ok')));
    const worker = world.worker();
    const card = awaiting(await worker.runs.resume('thread-pending'));
    expect(card.recordId).toBe('rec-c');
    expect((await world.records('thread-pending')).find((r) => r.id === 'rec-b')?.status).toBe(
      'skipped',
    );
    await worker.runs.decide('thread-pending', decisionFor(card, { approve: false }));
    const state = await worker.runs.state('thread-pending');
    const results = state.transcript
      .flatMap((m) => m.content)
      .filter((b) => b.type === 'tool_result');
    expect(results.map((b) => b.tool_use_id)).toEqual(['toolu_a', 'toolu_b', 'toolu_c']);
    expect(results[1]).toMatchObject({
      is_error: true,
      content: expect.stringContaining('could not be restored'),
    });
    expect(world.cms.executions).toEqual([]);
  });

  it('a corrupt stored state is a RunStateError that lists the pending records and is left in place', async () => {
    const world = new World();
    await world.seed('thread-missing', fixture('bad-missing-fields'));
    await world.auditLog().create({
      id: 'rec-b',
      threadId: 'thread-missing',
      owner: OWNER,
      tool: 'wp_update_post',
      input: {},
      payloadHash: 'a'.repeat(64),
      status: 'pending',
      mode: 'ask',
      classification: null,
      transport: 'agent',
      position: 1,
    });
    const worker = world.worker();
    const error = await worker.runs.resume('thread-missing').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RunStateError);
    expect(error).toMatchObject({ code: 'run-state-invalid', pendingRecordIds: ['rec-b'] });
    expect(await world.sealedRow('thread-missing')).toBeDefined();
    expect(world.eventsOf('notice').at(-1)?.message).toMatch(/1 call\(s\) still wait/);
    await expect(
      worker.runs.createThread({ threadId: 'thread-missing', owner: OWNER }),
    ).rejects.toMatchObject({
      code: 'run-state-exists',
    });
  });

  it('a tampered sealed state does not open: RunStateError unreadable, nothing overwritten', async () => {
    const { db, store } = freshStore();
    const runs = new SealedRunStore(store);
    await runs.save(fixture('v1-idle') as unknown as RunState);
    const row = await db.sealed.get('run:thread-idle');
    row!.data[5] = (row!.data[5] ?? 0) ^ 1;
    await db.sealed.put(row!);
    await expect(runs.load('thread-idle')).rejects.toMatchObject({ code: 'run-state-unreadable' });
    expect((await db.sealed.get('run:thread-idle'))?.data).toEqual(row!.data);
  });

  it('saving refuses a state that would not read back whole, and writes nothing', async () => {
    const { db, store } = freshStore();
    const runs = new SealedRunStore(store);
    const broken = fixture('v1-pending') as unknown as RunState;
    delete broken.turn!.calls[0]!.result;
    await expect(runs.save(broken)).rejects.toMatchObject({ code: 'run-state-invalid' });
    expect(await db.sealed.count()).toBe(0);
  });

  /** A sealed run store and an audit log over one database, as the background has them. */
  function oneDatabase() {
    const db = new AuditDb(`one-${crypto.randomUUID()}`);
    const failing = injectQuotaError(db, 'records');
    return { db, failing, audit: new AuditLog(db), runs: new SealedRunStore(new SealedStore(db)) };
  }

  it('an audit write that fails inside the one commit aborts it: the saved state stays, the record as it was', async () => {
    const { db, audit, runs } = oneDatabase();
    const good = fixture('v1-pending') as unknown as RunState;
    const record = pendingRecord(good.threadId);
    await runs.saveWith(good, () => audit.create(record));
    const next = { ...structuredClone(good), revision: good.revision + 1 };
    // A status change the record cannot take (pending straight to run) fails the audit write.
    const attempt = runs.saveWith(next, () => audit.transition(record.id, 'run', {}));
    await expect(attempt).rejects.toMatchObject({ code: expect.stringMatching(/^audit-/) });
    expect((await runs.load(good.threadId))?.state.revision).toBe(good.revision);
    expect(await audit.get(record.id)).toMatchObject({ status: 'pending', version: 1 });
    db.close();
  });

  it('a full disk inside the one commit: the person is told storage is full, and nothing is stored', async () => {
    const { db, failing, audit, runs } = oneDatabase();
    const state = fixture('v1-pending') as unknown as RunState;
    const record = pendingRecord(state.threadId);
    failing.on = true;
    await expect(runs.saveWith(state, () => audit.create(record))).rejects.toMatchObject({
      code: 'storage-full',
      message: expect.stringContaining('no room left'),
    });
    failing.on = false;
    expect(await runs.load(state.threadId)).toBeUndefined();
    expect(await db.records.count()).toBe(0);
    db.close();
  });

  it('a state that would not read back whole aborts its one commit: no record, the saved state stays', async () => {
    const { db, audit, runs } = oneDatabase();
    const good = fixture('v1-pending') as unknown as RunState;
    await runs.save(good);
    const broken = structuredClone(good);
    delete broken.turn!.calls[0]!.result;
    broken.revision += 1;
    const record = pendingRecord(good.threadId);
    await expect(runs.saveWith(broken, () => audit.create(record))).rejects.toMatchObject({
      code: 'run-state-invalid',
    });
    expect(await audit.get(record.id)).toBeUndefined();
    expect((await runs.load(good.threadId))?.state.revision).toBe(good.revision);
    db.close();
  });

  it('a call created again in the commit of a resumed worker keeps the commit: the state is stored, one record', async () => {
    const { db, audit, runs } = oneDatabase();
    const state = fixture('v1-pending') as unknown as RunState;
    const record = pendingRecord(state.threadId);
    await audit.create(record);
    const copy = await runs.saveWith(state, () => audit.create(record));
    expect(copy).toEqual(state);
    expect(copy).not.toBe(state);
    expect((await runs.load(state.threadId))?.state).toEqual(state);
    expect(await db.records.count()).toBe(1);
    db.close();
  });
});
