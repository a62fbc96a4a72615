import { z } from 'zod';
import type { AuditDb } from './db';
import { readRecord } from './record-read';
import { AuditStatusSchema, type ToolCallRecord } from './record-schema';

/** A3: what the options page filters by. `from` is inclusive, `to` exclusive (epoch ms). */
export const AuditFilterSchema = z.object({
  threadId: z.string().optional(),
  tool: z.string().optional(),
  status: AuditStatusSchema.optional(),
  decidedBy: z.string().optional(),
  from: z.number().optional(),
  to: z.number().optional(),
});
export type AuditFilter = z.infer<typeof AuditFilterSchema>;

/** Where the previous page stopped: its last record's time and id. */
export const AuditCursorSchema = z.object({ createdAt: z.number(), id: z.string() });
export type AuditCursor = z.infer<typeof AuditCursorSchema>;

/** A page request; pages run newest first. */
export interface AuditPage {
  limit?: number;
  cursor?: AuditCursor | null;
}

/** One page of records, and the cursor of the next page (null on the last one). */
export interface AuditPageResult {
  records: ToolCallRecord[];
  next: AuditCursor | null;
}

/** Page size when the caller gives none, and the most one page may hold. */
export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 1000;

/** The filters that have a `[field+createdAt]` index. */
export type Keyed = 'threadId' | 'tool' | 'decidedBy' | 'status';
// The most selective filter picks the index; the others are checked record by record.
const INDEX_ORDER: readonly Keyed[] = ['threadId', 'tool', 'decidedBy', 'status'];

/** The filter field whose index a query walks (the most selective one set), if any. */
export function indexedField(f: AuditFilter): Keyed | undefined {
  return INDEX_ORDER.find((key) => f[key] !== undefined);
}

/**
 * A3: one page of records matching `filter`, newest first. Walks one compound index
 * `[field+createdAt]` over the time range and filters the rest, so a page costs about
 * its own size even with 100k records (unless the residual filters are very rare).
 */
export async function queryRecords(
  db: AuditDb,
  filter: AuditFilter,
  page: AuditPage = {},
): Promise<AuditPageResult> {
  const f = AuditFilterSchema.parse(filter);
  const limit = Math.min(Math.max(1, page.limit ?? DEFAULT_PAGE_SIZE), MAX_PAGE_SIZE);
  const cursor = page.cursor ?? null;
  const { lower, upper, upperOpen } = timeRange(f, cursor);
  if (lower > upper) return { records: [], next: null };
  const field = indexedField(f);
  const collection = field
    ? db.records
        .where(`[${field}+createdAt]`)
        .between([f[field], lower], [f[field], upper], true, !upperOpen)
    : db.records.where('createdAt').between(lower, upper, true, !upperOpen);
  const rows = await collection
    .reverse()
    .filter((r) => matches(r, f, field) && isAfterCursor(r, cursor))
    .limit(limit + 1)
    .toArray();
  const records = rows.slice(0, limit).map(readRecord);
  const last = records[records.length - 1];
  const next = rows.length > limit && last ? { createdAt: last.createdAt, id: last.id } : null;
  return { records, next };
}

function timeRange(f: AuditFilter, cursor: AuditCursor | null) {
  const lower = f.from ?? -Infinity;
  const to = f.to ?? Infinity;
  // The cursor's own millisecond stays in range: other records may share it (ties are
  // ordered by id and cut by isAfterCursor).
  if (cursor && cursor.createdAt < to) {
    return { lower, upper: cursor.createdAt, upperOpen: false };
  }
  return { lower, upper: to, upperOpen: f.to !== undefined };
}

/** Whether `r` passes the filters other than the `indexed` one (which its index range did). */
export function matches(r: ToolCallRecord, f: AuditFilter, indexed: Keyed | undefined): boolean {
  return INDEX_ORDER.every((key) => key === indexed || f[key] === undefined || r[key] === f[key]);
}

// A reverse walk over an index visits equal keys in descending primary-key order.
function isAfterCursor(r: ToolCallRecord, cursor: AuditCursor | null): boolean {
  return !cursor || r.createdAt < cursor.createdAt || r.id < cursor.id;
}
