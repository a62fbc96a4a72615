import { AuditDb, AuditLog, type NewToolCallRecord } from '../../../src/audit';

/** A settable clock shared by a log and its mirror queue. */
export interface TestClock {
  now: number;
}

/** A log over a fresh, uniquely named database, with a controllable clock. */
export function freshLog(start = 1_700_000_000_000) {
  const clock: TestClock = { now: start };
  const db = new AuditDb(`audit-test-${crypto.randomUUID()}`);
  const log = new AuditLog(db, { now: () => clock.now });
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
