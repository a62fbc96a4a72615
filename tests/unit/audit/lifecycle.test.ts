import { describe, expect, it } from 'vitest';
import {
  AuditConflictError,
  AuditRecordNotFoundError,
  AuditTransitionError,
  DECIDED_BY_EXPIRY,
  DECIDED_BY_POLICY,
} from '../../../src/audit';
import { InputError } from '../../../src/shared/errors';
import { freshLog, pendingCall } from './support';

describe('audit record lifecycle', () => {
  it('A1: a pending call is recorded with every field and one history entry', async () => {
    const { log, clock } = freshLog();
    const call = pendingCall({ reasoning: 'The title is misspelled.' });
    const created = await log.create(call);
    expect(created).toMatchObject({
      ...call,
      createdAt: clock.now,
      updatedAt: clock.now,
      version: 1,
      decidedBy: null,
      decidedAt: null,
      history: [{ status: 'pending', at: clock.now, by: null }],
    });
    expect(await log.get(call.id)).toEqual(created);
  });

  it('A1: approve then run appends history, stamps the decision and bumps the version', async () => {
    const { log, clock } = freshLog();
    const { id } = await log.create(pendingCall());
    clock.now += 1_000;
    const approved = await log.transition(id, 'approved', { decidedBy: '7' });
    expect(approved).toMatchObject({ status: 'approved', decidedBy: '7', decidedAt: clock.now });
    clock.now += 500;
    const ran = await log.transition(id, 'run', { resultSummary: 'Updated post 12.' });
    expect(ran.version).toBe(3);
    expect(ran.resultSummary).toBe('Updated post 12.');
    expect(ran.decidedAt).toBe(clock.now - 500);
    expect(ran.history.map((h) => [h.status, h.by])).toEqual([
      ['pending', null],
      ['approved', '7'],
      ['run', null],
    ]);
  });

  it('A1: a call the policy allowed is created approved, then fails with a code only (S4)', async () => {
    const { log } = freshLog();
    const call = pendingCall({ status: 'approved', mode: 'allow', decidedBy: DECIDED_BY_POLICY });
    await log.create(call);
    const failed = await log.transition(call.id, 'failed', {
      error: { code: 'cms-http', class: 'CmsHttpError' },
    });
    expect(failed.error).toEqual({ code: 'cms-http', class: 'CmsHttpError' });
    expect(failed.history[0]).toMatchObject({ status: 'approved', by: DECIDED_BY_POLICY });
  });

  it('S4: an error message with words is refused instead of stored', async () => {
    const { log } = freshLog();
    const { id } = await log.create(pendingCall({ status: 'approved' }));
    const leak = { code: "Access denied for user 'root'@'localhost' (using password: YES)" };
    await expect(log.transition(id, 'failed', { error: leak })).rejects.toThrow(InputError);
  });

  it('G12: an expired call is marked by the expiry, not by a person', async () => {
    const { log } = freshLog();
    const { id } = await log.create(pendingCall());
    const expired = await log.transition(id, 'expired', { outcome: 'Expired after 24 h.' });
    expect(expired.decidedBy).toBe(DECIDED_BY_EXPIRY);
    expect(expired.history.at(-1)).toMatchObject({ status: 'expired', by: DECIDED_BY_EXPIRY });
  });

  it.each([
    ['run', 'approved'],
    ['rejected', 'approved'],
    ['refused', 'run'],
    ['pending', 'run'],
    ['pending', 'failed'],
    ['approved', 'rejected'],
    ['skipped', 'pending'],
  ] as const)('A1: %s → %s is refused with a clear error', async (from, to) => {
    const { log } = freshLog();
    const { id } = await log.create(
      pendingCall({ status: from === 'rejected' ? 'pending' : from }),
    );
    if (from === 'rejected') await log.transition(id, 'rejected', { decidedBy: '7' });
    const attempt = log.transition(id, to);
    await expect(attempt).rejects.toThrow(AuditTransitionError);
    await expect(log.transition(id, to)).rejects.toThrow(`cannot go from ${from} to ${to}`);
    expect((await log.require(id)).status).toBe(from);
  });

  it.each(['rejected', 'expired'] as const)('A1: a record cannot start %s', async (status) => {
    const { log } = freshLog();
    await expect(log.create(pendingCall({ status }))).rejects.toThrow(AuditTransitionError);
  });

  it('A1: a transition of an unknown record is a typed error', async () => {
    const { log } = freshLog();
    await expect(log.transition('nope', 'approved')).rejects.toThrow(AuditRecordNotFoundError);
  });

  it('S5: a transition repeated after a worker restart is a no-op', async () => {
    const { log, clock } = freshLog();
    const { id } = await log.create(pendingCall());
    const first = await log.transition(id, 'approved', { decidedBy: '7' });
    clock.now += 60_000;
    const again = await log.transition(id, 'approved', { decidedBy: '7', decidedAt: undefined });
    expect(again).toEqual(first);
    expect(await log.db.outbox.count()).toBe(2);
  });

  it('S5: a repeated transition with other data is a conflict, not an overwrite', async () => {
    const { log } = freshLog();
    const { id } = await log.create(pendingCall());
    await log.transition(id, 'approved', { decidedBy: '7' });
    await expect(log.transition(id, 'approved', { decidedBy: '8' })).rejects.toThrow(
      AuditConflictError,
    );
    expect((await log.require(id)).decidedBy).toBe('7');
  });

  it('S5: creating the same call twice keeps one record; another call with its id is refused', async () => {
    const { log, clock } = freshLog();
    const call = pendingCall();
    const first = await log.create(call);
    clock.now += 5;
    expect(await log.create(call)).toEqual(first);
    await expect(log.create({ ...call, payloadHash: 'b'.repeat(64) })).rejects.toThrow(
      AuditConflictError,
    );
    expect(await log.db.records.count()).toBe(1);
  });

  it('T5: an invalid record is refused before anything is stored', async () => {
    const { log } = freshLog();
    await expect(log.create(pendingCall({ threadId: '' }))).rejects.toThrow(InputError);
    expect(await log.db.records.count()).toBe(0);
  });

  it('A1: byThread lists one reply’s calls in position order', async () => {
    const { log } = freshLog();
    for (const position of [2, 0, 1]) await log.create(pendingCall({ position }));
    await log.create(pendingCall({ threadId: 'other' }));
    const calls = await log.byThread('thread-1');
    expect(calls.map((c) => c.position)).toEqual([0, 1, 2]);
  });
});
