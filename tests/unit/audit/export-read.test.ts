import { describe, expect, it } from 'vitest';
import {
  CSV_COLUMNS,
  csvHeader,
  toCsvLine,
  toJsonlLine,
  ToolCallRecordSchema,
  type AuditFilter,
} from '../../../src/audit';
import { syntheticRecords } from '../../support/synthetic-records';
import { exportParts, type ExportFormat } from '../../../src/audit/export-read';
import { bulkSeed, freshLog, pendingCall } from './support';

/** Runs a whole export and returns its parts' texts and counts. */
async function exportAll(
  db: ReturnType<typeof freshLog>['db'],
  filter: AuditFilter,
  format: ExportFormat,
  size: number,
) {
  const texts: string[] = [];
  let count = 0;
  for await (const part of exportParts(db, filter, format, size)) {
    texts.push(part.text);
    count += part.count;
  }
  return { texts, count, text: texts.join('') };
}

const jsonIds = (text: string) =>
  text
    .split('\n')
    .filter(Boolean)
    .map((line) => (JSON.parse(line) as { id: string }).id);

describe('export read by the options page (A3)', () => {
  it('exports the filtered set in batches: CSV header once, every record once, oldest first', async () => {
    const { db } = freshLog();
    await bulkSeed(db, syntheticRecords(300, { start: 1_000, stepMs: 10 }));
    const { texts, count, text } = await exportAll(db, { status: 'run' }, 'csv', 25);
    expect(texts.length).toBeGreaterThanOrEqual(3);
    const lines = text.split('\r\n').filter(Boolean);
    expect(lines[0]).toBe(CSV_COLUMNS.join(','));
    expect(lines.filter((line) => line.startsWith('id,'))).toHaveLength(1);
    const ids = lines.slice(1).map((line) => line.split(',')[0]);
    expect(count).toBe(60);
    expect(ids).toEqual([...ids].sort());
    expect(new Set(ids).size).toBe(60);
  });

  it('checks the filters the index does not cover, record by record', async () => {
    const { db } = freshLog();
    await bulkSeed(db, syntheticRecords(300, { start: 1_000, stepMs: 10 }));
    const { text, count } = await exportAll(
      db,
      { tool: 'wp_update_settings', status: 'refused', from: 1_000, to: 2_000 },
      'jsonl',
      7,
    );
    const records = text
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { tool: string; status: string; createdAt: number });
    // i % 15 == 11 for i < 100: 11, 26, 41, 56, 71, 86.
    expect(count).toBe(6);
    expect(records.every((r) => r.tool === 'wp_update_settings' && r.status === 'refused')).toBe(
      true,
    );
    expect(records.every((r) => r.createdAt >= 1_000 && r.createdAt < 2_000)).toBe(true);
  });

  it('records sharing a millisecond are neither lost nor repeated across batches', async () => {
    const { db } = freshLog();
    const tied = syntheticRecords(23, { start: 5, stepMs: 0 }).map((r) => ({
      ...r,
      id: `tie-${r.id}`,
    }));
    const later = syntheticRecords(4, { start: 9, stepMs: 1 }).map((r) => ({
      ...r,
      id: `later-${r.id}`,
    }));
    await bulkSeed(db, [...later, ...tied]);
    for (const size of [1, 5, 23, 100]) {
      const ids = jsonIds((await exportAll(db, { to: 100 }, 'jsonl', size)).text);
      expect(ids, `batch ${size}`).toEqual([
        ...tied.map((r) => r.id).sort(),
        ...later.map((r) => r.id),
      ]);
    }
  });

  it('is byte for byte the records parsed by zod one at a time, across batch boundaries (issue 15)', async () => {
    const { db, log } = freshLog();
    // Stored as bulkSeed writes them (keys not in the schema's order, no `whole`) and as
    // the log writes them (every optional field), with a stray key the parse strips.
    await bulkSeed(db, syntheticRecords(40, { start: 1_000, stepMs: 3 }));
    const full = await log.create(
      pendingCall({ outcome: '=1+1', resultSummary: 'a, "b"', reasoning: 'why', createdAt: 1_050 }),
    );
    await db.records.update(full.id, { stray: 1 } as never);
    const rows = (await db.records.toArray()).sort(
      (a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : 1),
    );
    const parsed = rows.map((row) => ToolCallRecordSchema.parse(row));
    const expected = {
      jsonl: parsed.map(toJsonlLine).join(''),
      csv: csvHeader() + parsed.map(toCsvLine).join(''),
    };
    for (const format of ['jsonl', 'csv'] as const) {
      for (const size of [1, 7, 41, 5_000]) {
        const { text } = await exportAll(db, {}, format, size);
        expect(text, `${format}, batches of ${size}`).toBe(expected[format]);
      }
    }
  });

  it('an empty result is an empty JSONL file and a CSV file with its header', async () => {
    const { db } = freshLog();
    expect((await exportAll(db, {}, 'jsonl', 10)).text).toBe('');
    expect((await exportAll(db, {}, 'csv', 10)).text).toBe(`${CSV_COLUMNS.join(',')}\r\n`);
  });

  it('a malformed stored record stops the export with an error naming it and its field', async () => {
    const { db } = freshLog();
    await bulkSeed(db, syntheticRecords(12, { start: 1_000 }));
    await db.records.update('synthetic-0000009', { history: 'rewritten' as never });
    const run = exportAll(db, {}, 'jsonl', 4);
    await expect(run).rejects.toMatchObject({ code: 'audit-invalid' });
    await expect(run).rejects.toThrow(
      /Audit record synthetic-0000009 is malformed in storage: history: .*expected array/,
    );
  });

  it('a consumer that stops early leaves no unhandled read behind', async () => {
    const { db } = freshLog();
    await bulkSeed(db, syntheticRecords(50, { start: 1_000 }));
    for await (const part of exportParts(db, {}, 'jsonl', 10)) {
      expect(part.count).toBe(10);
      break;
    }
    db.close();
  });
});
