import { Dexie } from 'dexie';
import { describe, expect, it } from 'vitest';
import { AUDIT_SCHEMA_V1, AuditDb, AuditLog } from '../../../src/audit';
import { SealedStore, StoreDb } from '../../../src/store';
import { pendingCall } from './support';

/**
 * The layout before issue 15 item 6, frozen here: the audit database at version 1
 * (records and outbox only) and the sealed store in its own database, written by the
 * sealed store as it was (its own `StoreDb`), with a run state and a thread view.
 */
async function oldLayout() {
  const names = {
    audit: `old-audit-${crypto.randomUUID()}`,
    sealed: `old-sealed-${crypto.randomUUID()}`,
  };
  const audit = new Dexie(names.audit);
  audit.version(1).stores(AUDIT_SCHEMA_V1);
  const record = pendingCall({ threadId: 'thread-old', createdAt: 1_700_000_000_000 });
  await audit.table('records').add({
    ...record,
    decidedBy: null,
    decidedAt: null,
    updatedAt: record.createdAt,
    version: 1,
    history: [{ status: 'pending', at: record.createdAt, by: null }],
  });
  audit.close();
  const sealedDb = new StoreDb(names.sealed);
  const sealed = new SealedStore(sealedDb);
  const view = { threadId: 'thread-old', title: 'Rename the post', items: [{ kind: 'user' }] };
  await sealed.put('thread-view:thread-old', view);
  await sealed.put('run:thread-old', { schemaVersion: 1, threadId: 'thread-old', marker: 42 });
  sealedDb.close();
  return { names, record, view };
}

describe('one database for audit and run state: the move from two (issue 15 item 6)', () => {
  it('an existing user keeps every audit record, thread view and run state, and the old database goes', async () => {
    const { names, record, view } = await oldLayout();
    const db = new AuditDb(names.audit, names.sealed);
    const sealed = new SealedStore(db);
    expect(await new AuditLog(db).get(record.id)).toMatchObject({
      id: record.id,
      status: 'pending',
    });
    expect(await sealed.get('thread-view:thread-old')).toEqual(view);
    // Opened with the same sealing key, moved along with the values.
    expect(await sealed.get('run:thread-old')).toMatchObject({ marker: 42 });
    await expect.poll(() => Dexie.exists(names.sealed)).toBe(false);
    db.close();
  });

  it('runs once: a value written after the move is not overwritten when the old database is still there', async () => {
    const { names } = await oldLayout();
    const first = new AuditDb(names.audit, names.sealed);
    await new SealedStore(first).put('run:thread-old', { marker: 'new' });
    first.close();
    // As if the old database's delete had not happened (another context held it open).
    const again = new SealedStore(new StoreDb(names.sealed));
    await again.put('run:thread-old', { marker: 'stale' });
    again.db.close();
    const second = new AuditDb(names.audit, names.sealed);
    expect(await new SealedStore(second).get('run:thread-old')).toEqual({ marker: 'new' });
    second.close();
  });

  it('a fresh install has nothing to move and works at once', async () => {
    const db = new AuditDb(`fresh-${crypto.randomUUID()}`, `none-${crypto.randomUUID()}`);
    const sealed = new SealedStore(db);
    await sealed.put('thread-view:t', { a: 1 });
    expect(await sealed.get('thread-view:t')).toEqual({ a: 1 });
    expect(db.verno).toBe(2);
    db.close();
  });

  it('a sealed write with its audit write is one transaction: a failing audit write stores neither', async () => {
    const db = new AuditDb(`one-${crypto.randomUUID()}`);
    const log = new AuditLog(db);
    const record = pendingCall();
    await log.create(record);
    const state = { key: 'x' };
    const sealed = new SealedStore(db);
    // A transition the record cannot make (pending -> run) throws inside the commit.
    await expect(
      sealed.put('run:t', state, { alongside: () => log.transition(record.id, 'run', {}) }),
    ).rejects.toThrow();
    expect(await sealed.get('run:t')).toBeUndefined();
    db.close();
  });
});
