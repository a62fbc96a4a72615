import { describe, expect, it } from 'vitest';
import { AUDIT_SCHEMA_V1, AuditDb } from '../../../src/audit';

// STYLE 7: index only what is queried; content, diffs and secrets are never indexed.
const NEVER_INDEXED = ['input', 'configChanges', 'reasoning', 'outcome', 'resultSummary', 'error'];

describe('audit database schema', () => {
  it('A1: records are indexed by ids, status, tool, decider and time only', async () => {
    const db = new AuditDb(`audit-schema-${crypto.randomUUID()}`);
    await db.open();
    const indexed = db.records.schema.indexes.flatMap((index) =>
      Array.isArray(index.keyPath) ? index.keyPath : [index.keyPath ?? ''],
    );
    for (const field of NEVER_INDEXED) expect(indexed).not.toContain(field);
    expect(new Set(indexed)).toEqual(
      new Set(['threadId', 'tool', 'status', 'decidedBy', 'createdAt']),
    );
    expect(db.records.schema.primKey.keyPath).toBe('id');
    db.close();
  });

  it('A5: the outbox holds ids and times, never record content', () => {
    expect(AUDIT_SCHEMA_V1.outbox).toBe('++seq, recordId, nextAttemptAt');
  });
});
