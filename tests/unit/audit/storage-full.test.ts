import { describe, expect, it } from 'vitest';
import { AuditDb, AuditLog, AuditStorageFullError } from '../../../src/audit';
import { injectQuotaError } from './quota';
import { pendingCall } from './support';

describe('audit log on a full disk', () => {
  it('S5: a quota error is a typed error and leaves the record as it was', async () => {
    const db = new AuditDb(`audit-quota-${crypto.randomUUID()}`);
    const failing = injectQuotaError(db, 'records');
    const log = new AuditLog(db);
    const { id } = await log.create(pendingCall());
    failing.on = true;
    const attempt = log.transition(id, 'approved', { decidedBy: '7' });
    await expect(attempt).rejects.toThrow(AuditStorageFullError);
    await expect(log.create(pendingCall())).rejects.toMatchObject({ code: 'storage-full' });
    failing.on = false;
    expect(await log.require(id)).toMatchObject({ status: 'pending', version: 1 });
    expect(await db.records.count()).toBe(1);
    db.close();
  });
});
