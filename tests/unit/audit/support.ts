import { AuditDb, AuditLog, type NewToolCallRecord, type ToolCallRecord } from '../../../src/audit';

/** A settable clock shared by a log and its mirror queue. */
export interface TestClock {
  now: number;
}

/**
 * A log over a fresh, uniquely named database, with a controllable clock; with a mirror
 * target (A5) unless `mirror` is false.
 */
export function freshLog(start = 1_700_000_000_000, { mirror = true } = {}) {
  const clock: TestClock = { now: start };
  const db = new AuditDb(`audit-test-${crypto.randomUUID()}`);
  const log = new AuditLog(db, { now: () => clock.now, mirror });
  return { db, log, clock };
}

/** A pending write call with sensible defaults; override what the test cares about. */
export function pendingCall(over: Partial<NewToolCallRecord> = {}): NewToolCallRecord {
  return {
    id: crypto.randomUUID(),
    threadId: 'thread-1',
    owner: { userId: '7', siteOrigin: 'https://site.test' },
    tool: 'wp_update_post',
    input: { id: 12, title: 'Hello' },
    payloadHash: 'a'.repeat(64),
    status: 'pending',
    mode: 'ask',
    classification: { kind: 'write', destructive: false, whole: false, draft: false },
    transport: 'agent',
    position: 0,
    ...over,
  };
}

/**
 * Writes many records straight into the table, as `create` would store them, without
 * one transaction per record: fast setup for query, report and retention tests.
 */
export async function bulkSeed(db: AuditDb, records: NewToolCallRecord[], now = 0) {
  const rows: ToolCallRecord[] = records.map((r) => {
    const createdAt = r.createdAt ?? now;
    const decidedBy = r.decidedBy ?? null;
    return {
      ...r,
      decidedBy,
      decidedAt: r.decidedAt ?? null,
      createdAt,
      updatedAt: createdAt,
      version: 1,
      history: [{ status: r.status, at: createdAt, by: decidedBy }],
    };
  });
  await db.records.bulkAdd(rows);
}
