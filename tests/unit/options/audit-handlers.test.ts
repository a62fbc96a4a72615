import { fakeBrowser } from 'wxt/testing/fake-browser';
import { beforeEach, describe, expect, it } from 'vitest';
import { AuditStatusSchema, CSV_COLUMNS, syntheticRecords } from '../../../src/audit';
import {
  AuditPageViewSchema,
  AuditStatusViewSchema,
  ExportChunkSchema,
  RefusedRowSchema,
  type AuditPageView,
  type ExportChunk,
} from '../../../src/shared/options-protocol';
import { gunzipBase64 } from '../../../src/ui/options/gunzip';
import { bulkSeed } from '../audit/support';
import { optionsHarness } from './support';

let h: ReturnType<typeof optionsHarness>;
/** A chunk's text, decoded as the options page decodes it. */
const textOf = async (chunk: ExportChunk) =>
  new TextDecoder().decode(await gunzipBase64(chunk.gzipBase64));
const DAY = 86_400_000;

beforeEach(async () => {
  h = optionsHarness();
  const start = h.clock.now - 30 * DAY;
  await bulkSeed(h.db, syntheticRecords(300, { start, stepMs: DAY / 10 }));
});

describe('audit viewer requests (A3)', () => {
  it('the page repeats the audit statuses exactly', () => {
    expect(AuditStatusViewSchema.options).toEqual(AuditStatusSchema.options);
  });

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

  it('exports the filtered set in chunks: CSV header once, every record once', async () => {
    const lines: string[] = [];
    let cursor = null;
    let chunks = 0;
    do {
      const chunk: ExportChunk = ExportChunkSchema.parse(
        await h.send({
          type: 'options-audit-export',
          filter: { status: 'run' },
          format: 'csv',
          cursor,
          limit: 25,
        }),
      );
      lines.push(...(await textOf(chunk)).split('\r\n').filter(Boolean));
      cursor = chunk.next;
      chunks += 1;
    } while (cursor);
    expect(chunks).toBe(3);
    expect(lines[0]).toBe(CSV_COLUMNS.join(','));
    expect(lines.filter((line) => line.startsWith('id,'))).toHaveLength(1);
    const ids = lines.slice(1).map((line) => line.split(',')[0]);
    expect(new Set(ids).size).toBe(60);
  });

  it('exports JSONL lines that parse back to the records', async () => {
    const chunk = await h.send<ExportChunk>({
      type: 'options-audit-export',
      filter: { threadId: 'thread-3' },
      format: 'jsonl',
      cursor: null,
      limit: 1000,
    });
    const records = (await textOf(chunk))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { threadId: string });
    expect(records).toHaveLength(3);
    expect(chunk).toMatchObject({ count: 3, next: null });
    expect(records.every((r) => r.threadId === 'thread-3')).toBe(true);
  });
});

describe('export chunks across ties (A3)', () => {
  it('records sharing a millisecond are neither lost nor repeated, oldest first', async () => {
    const tied = syntheticRecords(23, { start: 5, stepMs: 0 }).map((r) => ({
      ...r,
      id: `tie-${r.id}`,
    }));
    const later = syntheticRecords(4, { start: 9, stepMs: 1 }).map((r) => ({
      ...r,
      id: `later-${r.id}`,
    }));
    await bulkSeed(h.db, [...tied, ...later]);
    const ids: string[] = [];
    let cursor = null;
    do {
      const chunk: ExportChunk = await h.send({
        type: 'options-audit-export',
        filter: { to: 100 },
        format: 'jsonl',
        cursor,
        limit: 5,
      });
      ids.push(
        ...(await textOf(chunk))
          .trim()
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line).id as string),
      );
      cursor = chunk.next;
    } while (cursor);
    expect(ids).toHaveLength(27);
    expect(new Set(ids).size).toBe(27);
    expect(ids.slice(0, 23).every((id) => id.startsWith('tie-'))).toBe(true);
    expect(ids.slice(23)).toEqual(later.map((r) => r.id));
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
    await fakeBrowser.storage.local.set({ retention: { days: 10 } });
    const purge = await h.send<{ removed: number }>({ type: 'options-retention-purge' });
    expect(purge.removed).toBe(160);
    expect(await h.db.records.count()).toBe(140);
    const pending = await h.db.records
      .where('[status+createdAt]')
      .between(['pending', 0], ['pending', Infinity])
      .count();
    expect(pending).toBe(60);
    const last = (await fakeBrowser.storage.local.get('lastPurge'))['lastPurge'];
    expect(last).toEqual({ at: h.clock.now, removed: 160, days: 10, trigger: 'manual' });
  });
});
