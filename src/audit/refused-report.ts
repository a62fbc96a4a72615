import type { AuditDb } from './db';
import type { ToolCallRecord } from './record-schema';

/** A4: one row of the refused-calls report. */
export interface RefusedReportRow {
  tool: string;
  /** How many calls access checks refused. */
  count: number;
  /** The latest refusal: when, and which record. */
  latestAt: number;
  latestRecordId: string;
  /** Whether the tool tells admins what access it needs (`Tool.accessHint`). */
  hasHint: boolean;
}

/**
 * A4: refused calls per tool, most refused first. Walks only the `refused` slice of the
 * `[status+createdAt]` index, oldest to newest, so the last one seen is the latest.
 */
export async function refusedReport(
  db: AuditDb,
  hasHint: (tool: string) => boolean,
): Promise<RefusedReportRow[]> {
  const rows = new Map<string, RefusedReportRow>();
  await db.records
    .where('[status+createdAt]')
    .between(['refused', -Infinity], ['refused', Infinity])
    .each((record: ToolCallRecord) => {
      const row = rows.get(record.tool);
      if (row) {
        row.count += 1;
        row.latestAt = record.createdAt;
        row.latestRecordId = record.id;
      } else {
        rows.set(record.tool, {
          tool: record.tool,
          count: 1,
          latestAt: record.createdAt,
          latestRecordId: record.id,
          hasHint: false,
        });
      }
    });
  const report = [...rows.values()].map((row) => ({ ...row, hasHint: hasHint(row.tool) }));
  return report.sort((a, b) => b.count - a.count || b.latestAt - a.latestAt);
}
