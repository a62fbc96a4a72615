import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuditCursor, AuditFilter } from '../../../src/audit';
import { syntheticRecords } from '../../support/synthetic-records';
import { bulkSeed, freshLog } from './support';

const START = 1_700_000_000_000;

async function seeded(count: number, stepMs = 1_000) {
  const fixture = freshLog(START);
  await bulkSeed(fixture.db, syntheticRecords(count, { start: START, stepMs, threads: 10 }));
  return fixture;
}

describe('audit query (A3)', () => {
  afterEach(() => vi.restoreAllMocks());

  it.each<[string, AuditFilter, number]>([
    ['thread', { threadId: 'thread-3' }, 20],
    ['tool', { tool: 'wp_get_post' }, 67],
    ['status', { status: 'refused' }, 40],
    ['thread and status', { threadId: 'thread-3', status: 'skipped' }, 20],
    ['thread and tool', { threadId: 'thread-3', tool: 'wp_update_post' }, 7],
    ['time range', { from: START + 10_000, to: START + 20_000 }, 10],
    ['tool and time', { tool: 'wp_get_post', from: START + 30_000, to: START + 60_000 }, 10],
  ])('A3: filters by %s', async (_name, filter, expected) => {
    const { log } = await seeded(200);
    const { records } = await log.query(filter, { limit: 1000 });
    expect(records).toHaveLength(expected);
    for (const r of records) {
      if (filter.threadId) expect(r.threadId).toBe(filter.threadId);
      if (filter.tool) expect(r.tool).toBe(filter.tool);
      if (filter.status) expect(r.status).toBe(filter.status);
      if (filter.from) expect(r.createdAt).toBeGreaterThanOrEqual(filter.from);
      if (filter.to) expect(r.createdAt).toBeLessThan(filter.to);
    }
    const times = records.map((r) => r.createdAt);
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('A3: filters by who decided', async () => {
    const { log } = await seeded(20);
    await log.transition('synthetic-0000004', 'approved', { decidedBy: '9' });
    const { records } = await log.query({ decidedBy: '9' });
    expect(records.map((r) => r.id)).toEqual(['synthetic-0000004']);
  });

  it('A3: pages walk every match exactly once, also when records share a millisecond', async () => {
    const { log } = await seeded(95, 0);
    const seen: string[] = [];
    let cursor: AuditCursor | null = null;
    do {
      const page: Awaited<ReturnType<typeof log.query>> = await log.query(
        { tool: 'wp_update_post' },
        { limit: 7, cursor },
      );
      seen.push(...page.records.map((r) => r.id));
      cursor = page.next;
    } while (cursor);
    expect(seen).toHaveLength(32);
    expect(new Set(seen).size).toBe(32);
  });

  it('A3: a page reads about its own size from the index, not the whole log', async () => {
    const { log } = await seeded(3_000);
    const steps = vi.spyOn(IDBCursor.prototype, 'continue');
    const { records, next } = await log.query({ threadId: 'thread-3' }, { limit: 20 });
    expect(records).toHaveLength(20);
    expect(next).not.toBeNull();
    expect(steps.mock.calls.length).toBeGreaterThanOrEqual(20);
    expect(steps.mock.calls.length).toBeLessThanOrEqual(25);
  }, 30_000);
});
