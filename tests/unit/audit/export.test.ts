import { describe, expect, it } from 'vitest';
import { CSV_COLUMNS, csvHeader, eachRecord, toCsvLine, toJsonlLine } from '../../../src/audit';
import { syntheticRecords } from '../../support/synthetic-records';
import { bulkSeed, freshLog, pendingCall } from './support';

describe('audit export (A3)', () => {
  it('A3: eachRecord walks every matching record once across pages', async () => {
    const { log, db } = freshLog();
    await bulkSeed(db, syntheticRecords(120, { threads: 4 }));
    const ids: string[] = [];
    for await (const record of eachRecord(log, { threadId: 'thread-1' }, 7)) ids.push(record.id);
    expect(ids).toHaveLength(30);
    expect(new Set(ids).size).toBe(30);
  });

  it('A3: a JSONL line parses back to the record', async () => {
    const { log } = freshLog();
    const record = await log.create(pendingCall());
    const line = toJsonlLine(record);
    expect(line.endsWith('\n')).toBe(true);
    expect(JSON.parse(line)).toEqual(record);
  });

  it('A3: a CSV line quotes commas and quotes and defuses formulas (S1)', async () => {
    const { log } = freshLog();
    const record = await log.create(
      pendingCall({ input: { title: 'a, "b"' }, outcome: '=HYPERLINK("http://evil")' }),
    );
    const header = csvHeader().trim().split(',');
    expect(header).toEqual([...CSV_COLUMNS]);
    const line = toCsvLine(record);
    expect(line).toContain('"{""title"":""a, \\""b\\""""}"');
    expect(line).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(line.endsWith('\r\n')).toBe(true);
  });
});
