import type { AuditLog } from './audit-log';
import type { AuditFilter } from './record-query';
import { ToolCallRecordSchema, type ToolCallRecord } from './record-schema';

/** A3: the columns of the CSV export, in order. */
export const CSV_COLUMNS = [
  'id',
  'createdAt',
  'threadId',
  'userId',
  'siteOrigin',
  'tool',
  'status',
  'mode',
  'kind',
  'destructive',
  'draft',
  'transport',
  'position',
  'decidedBy',
  'decidedAt',
  'payloadHash',
  'resultSummary',
  'outcome',
  'errorCode',
  'input',
  'approvedEdit',
] as const;

/** A3: every record matching `filter`, newest first, one page at a time. */
export async function* eachRecord(
  log: AuditLog,
  filter: AuditFilter = {},
  pageSize = 500,
): AsyncGenerator<ToolCallRecord> {
  let page = await log.query(filter, { limit: pageSize });
  for (;;) {
    yield* page.records;
    if (!page.next) return;
    page = await log.query(filter, { limit: pageSize, cursor: page.next });
  }
}

/** The record's fields in the schema's order: every line of a JSONL file alike. */
const RECORD_KEYS = Object.keys(ToolCallRecordSchema.shape) as (keyof ToolCallRecord)[];

/**
 * A3: one record as a JSONL line (with its newline), its fields in the schema's order
 * whatever order storage kept them in (a transition appends the fields it adds).
 */
export function toJsonlLine(record: ToolCallRecord): string {
  const ordered: Partial<Record<keyof ToolCallRecord, unknown>> = {};
  for (const key of RECORD_KEYS) {
    if (record[key] !== undefined) ordered[key] = record[key];
  }
  return `${JSON.stringify(ordered)}\n`;
}

/** A3: the CSV header line. */
export function csvHeader(): string {
  return `${CSV_COLUMNS.join(',')}\r\n`;
}

/** A3: one record as a CSV line (RFC 4180 quoting, with its line break). */
export function toCsvLine(r: ToolCallRecord): string {
  const cells: Record<(typeof CSV_COLUMNS)[number], unknown> = {
    id: r.id,
    createdAt: new Date(r.createdAt).toISOString(),
    threadId: r.threadId,
    userId: r.owner.userId,
    siteOrigin: r.owner.siteOrigin,
    tool: r.tool,
    status: r.status,
    mode: r.mode,
    kind: r.classification?.kind ?? 'unclassified',
    destructive: r.classification?.destructive,
    draft: r.classification?.draft,
    transport: r.transport,
    position: r.position,
    decidedBy: r.decidedBy,
    decidedAt: r.decidedAt === null ? null : new Date(r.decidedAt).toISOString(),
    payloadHash: r.payloadHash,
    resultSummary: r.resultSummary,
    outcome: r.outcome,
    errorCode: r.error?.code,
    input: JSON.stringify(r.input),
    // Issue 36: the person's version that was approved and ran instead of `input`.
    approvedEdit: r.approvedEdit ? JSON.stringify(r.approvedEdit) : undefined,
  };
  return `${CSV_COLUMNS.map((column) => csvCell(cells[column])).join(',')}\r\n`;
}

function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  // S1: values may come from the model; a leading =, +, - or @ would run as a formula
  // in a spreadsheet, so such a cell starts with an apostrophe.
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
