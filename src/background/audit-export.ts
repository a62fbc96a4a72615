import { csvHeader, MAX_PAGE_SIZE, toCsvLine, toJsonlLine, type AuditLog } from '../audit';
import type {
  AuditCursorView,
  AuditFilterView,
  ExportChunk,
  ExportFormat,
} from '../shared/options-protocol';

/**
 * A3: one chunk of an export of the filtered records, newest first, as text ready to
 * append (the CSV header comes with the first chunk). The page asks chunk after chunk with
 * the returned cursor, so the worker holds no export state: 100k records stream through
 * in bounded pieces, and a worker restarted mid-export simply answers the next request.
 */
export async function exportChunk(
  audit: AuditLog,
  filter: AuditFilterView,
  format: ExportFormat,
  cursor: AuditCursorView | null,
  limit: number,
): Promise<ExportChunk> {
  const parts: string[] = cursor === null && format === 'csv' ? [csvHeader()] : [];
  const line = format === 'csv' ? toCsvLine : toJsonlLine;
  let next = cursor;
  let count = 0;
  while (count < limit) {
    const page = await audit.query(filter, {
      limit: Math.min(MAX_PAGE_SIZE, limit - count),
      cursor: next,
    });
    for (const record of page.records) parts.push(line(record));
    count += page.records.length;
    next = page.next;
    if (next === null) break;
  }
  return { text: parts.join(''), count, next };
}
