import type { IndexableType } from 'dexie';
import type { AuditDb } from './db';
import { csvHeader, toCsvLine, toJsonlLine } from './export';
import { readRecord } from './record-read';
import {
  AuditFilterSchema,
  indexedField,
  matches,
  type AuditCursor,
  type AuditFilter,
  type Keyed,
} from './record-query';
import type { ToolCallRecord } from './record-schema';

/** A3: the two export formats. */
export type ExportFormat = 'jsonl' | 'csv';

/** Records read per IndexedDB request: big enough to be quick, small enough to stay light. */
export const EXPORT_BATCH = 5000;

/** One part of an export file: its text and how many records it holds. */
export interface ExportPart {
  text: string;
  count: number;
}

/**
 * A3: the records matching `filter`, oldest first (a log file's order), as text parts of
 * up to `size` records; the CSV header comes with the first part. Every record is
 * validated on read (a malformed one throws `AuditRecordInvalidError` naming the record
 * and the field). Reads only: the options page runs it against the audit database itself,
 * so an export crosses no messages and survives a restart of the worker.
 *
 * The walk is forwards over one index, so IndexedDB hands over a whole batch per request
 * (`getAll`), and the next batch's request is sent before this batch is validated and
 * formatted: the database reads while JavaScript works.
 */
export async function* exportParts(
  db: AuditDb,
  filter: AuditFilter,
  format: ExportFormat,
  size: number = EXPORT_BATCH,
): AsyncGenerator<ExportPart> {
  const f = AuditFilterSchema.parse(filter);
  const field = indexedField(f); // the same index queryRecords walks
  const line = format === 'csv' ? toCsvLine : toJsonlLine;
  let header = format === 'csv' ? csvHeader() : '';
  let reading = readBatch(db, f, field, null, size);
  for (;;) {
    const { rows, more } = await reading;
    const last = rows[rows.length - 1];
    const next = more && last ? { createdAt: last.createdAt, id: last.id } : null;
    if (next) {
      reading = readBatch(db, f, field, next, size);
      // A consumer that stops early (Cancel) leaves this read behind; it must not surface
      // as an unhandled rejection. Awaiting `reading` still throws its error.
      reading.catch(() => undefined);
    }
    const lines: string[] = [header];
    header = '';
    let count = 0;
    for (const raw of rows) {
      const record = readRecord(raw);
      if (!matches(record, f, field)) continue;
      lines.push(line(record));
      count += 1;
    }
    if (count > 0 || lines[0]) yield { text: lines.join(''), count };
    if (!next) return;
  }
}

/**
 * Up to `limit` rows of the chosen index range after the cursor, in (createdAt, id)
 * order, and whether more may follow. Rows sharing the cursor's millisecond are re-read
 * and cut by id, so ties are neither lost nor repeated; a millisecond holding more rows
 * than a batch is read whole.
 */
async function readBatch(
  db: AuditDb,
  filter: AuditFilter,
  field: Keyed | undefined,
  cursor: AuditCursor | null,
  limit: number,
): Promise<{ rows: ToolCallRecord[]; more: boolean }> {
  // Rows as stored, typed for their keys only: the caller validates each one.
  const { records } = db;
  const key = (time: number): IndexableType => (field ? [filter[field] as string, time] : time);
  const index = field ? `[${field}+createdAt]` : 'createdAt';
  const from = Math.max(cursor?.createdAt ?? -Infinity, filter.from ?? -Infinity);
  const to = filter.to ?? Infinity;
  if (from >= to) return { rows: [], more: false };
  const range = records.where(index).between(key(from), key(to), true, false);
  const rows = (await range.limit(limit).toArray()) as ToolCallRecord[];
  const fresh = rows.filter(
    (row) => !cursor || row.createdAt > cursor.createdAt || row.id > cursor.id,
  );
  if (fresh.length > 0 || rows.length < limit || !cursor) {
    return { rows: fresh, more: rows.length === limit };
  }
  // A full batch of the cursor's own millisecond: read that millisecond whole, then go on.
  const tied = (await records
    .where(index)
    .equals(key(cursor.createdAt))
    .sortBy('id')) as ToolCallRecord[];
  const after = tied.filter((row) => row.id > cursor.id);
  if (after.length > 0) return { rows: after, more: true };
  const later = records.where(index).between(key(cursor.createdAt), key(to), false, false);
  const rest = (await later.limit(limit).toArray()) as ToolCallRecord[];
  return { rows: rest, more: rest.length === limit };
}
