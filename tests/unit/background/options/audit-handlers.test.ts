import { beforeEach, describe, expect, it } from 'vitest';
import { syntheticRecords } from '../../../support/synthetic-records';
import {
  AuditPageViewSchema,
  RefusedRowSchema,
  type AuditPageView,
} from '../../../../src/shared/protocols/options-protocol';
import { bulkSeed } from '../../audit/support';
import { optionsHarness } from '../../options/support';
import { readLastPurge, writeRetention } from '../../../../src/settings/retention-store';

let h: ReturnType<typeof optionsHarness>;
const DAY = 86_400_000;

beforeEach(async () => {
  h = optionsHarness();
  const start = h.clock.now - 30 * DAY;
  await bulkSeed(h.db, syntheticRecords(300, { start, stepMs: DAY / 10 }));
});

describe('audit viewer requests (A3)', () => {
  it('filters and pages with a cursor; the reply is what the page validates', async () => {
    const filter = { tool: 'wp_update_settings', status: 'refused' };
    const first = await h.send<AuditPageView>({
      type: 'options-audit-query',
      filter,
      cursor: null,
      limit: 15,
    });
    expect(AuditPageViewSchema.parse(first)).toEqual(first);
    expect(first.records).toHaveLength(15);
    expect(
      first.records.every((r) => r.tool === 'wp_update_settings' && r.status === 'refused'),
    ).toBe(true);
    const second = await h.send<AuditPageView>({
      type: 'options-audit-query',
      filter,
      cursor: first.next,
      limit: 15,
    });
    expect(second.records).toHaveLength(5);
    expect(second.next).toBeNull();
    expect(second.records[0]!.createdAt).toBeLessThan(first.records[14]!.createdAt);
  });

  it('filters by date range and decider', async () => {
    const from = h.clock.now - 2 * DAY;
    const page = await h.send<AuditPageView>({
      type: 'options-audit-query',
      filter: { from },
      cursor: null,
      limit: 200,
    });
    expect(page.records.length).toBe(20);
    const none = await h.send<AuditPageView>({
      type: 'options-audit-query',
      filter: { decidedBy: 'countersign:policy' },
      cursor: null,
      limit: 10,
    });
    expect(none.records).toEqual([]);
  });

  it('opens one record by id, and says when there is none', async () => {
    const record = await h.send<{ id: string }>({
      type: 'options-audit-record',
      id: 'synthetic-0000007',
    });
    expect(record.id).toBe('synthetic-0000007');
    expect(await h.handle({ type: 'options-audit-record', id: 'nope' })).toMatchObject({
      ok: false,
      error: { code: 'not-found' },
    });
  });
});

describe('refused-calls report (A4)', () => {
  it('counts per tool with labels, latest and the access hint', async () => {
    const rows = RefusedRowSchema.array().parse(await h.send({ type: 'options-refused-report' }));
    const settings = rows.find((row) => row.tool === 'wp_update_settings');
    expect(settings).toMatchObject({ label: 'Change site settings', count: 20, hasHint: true });
    expect(settings?.accessHint).toMatch(/manage_options/);
    const unknown = rows.find((row) => row.tool === 'wp_get_post');
    expect(unknown).toMatchObject({ label: 'wp_get_post', hasHint: false });
    expect(rows.reduce((sum, row) => sum + row.count, 0)).toBe(60);
  });
});

describe('purge now (A2)', () => {
  it('is refused until a retention period is set', async () => {
    const reply = await h.handle({ type: 'options-retention-purge' });
    expect(reply).toMatchObject({
      ok: false,
      error: { code: 'bad-input', message: expect.stringMatching(/Set how many days/) },
    });
  });

  it('removes old records but never pending ones, and remembers what it removed', async () => {
    await writeRetention(10);
    const purge = await h.send<{ removed: number }>({ type: 'options-retention-purge' });
    expect(purge.removed).toBe(160);
    expect(await h.db.records.count()).toBe(140);
    const pending = await h.db.records
      .where('[status+createdAt]')
      .between(['pending', 0], ['pending', Infinity])
      .count();
    expect(pending).toBe(60);
    const last = await readLastPurge();
    expect(last).toEqual({ at: h.clock.now, removed: 160, days: 10, trigger: 'manual' });
  });
});
