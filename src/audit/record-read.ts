import isExactRecord from 'virtual:countersign/record-check';
import { AuditRecordInvalidError } from './errors';
import { ToolCallRecordSchema, type ToolCallRecord } from './record-schema';

/**
 * Validates a record read from storage (STYLE 7); a malformed one is a typed error.
 *
 * A record that is exactly the schema's shape passes the build-time compiled check of the
 * same schema and is returned as read (a fresh object from IndexedDB, nobody else's): no
 * copy, which is what let zod's parse cost more than the read in an export of 100k
 * records. Anything else, malformed or merely unusual (an unknown key to drop), goes to
 * zod, which returns its copy or names what is wrong.
 */
export function readRecord(raw: unknown): ToolCallRecord {
  if (isExactRecord(raw)) return raw as ToolCallRecord;
  const parsed = ToolCallRecordSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const id = (raw as { id?: unknown } | undefined)?.id;
  const issue = parsed.error.issues[0];
  const where = issue?.path.length ? issue.path.join('.') : 'the record';
  throw new AuditRecordInvalidError(typeof id === 'string' ? id : '(unknown)', {
    cause: parsed.error,
    problem: `${where}: ${issue?.message ?? 'does not match the schema'}`,
  });
}

/** Thread order: by time, then by position in the turn (calls of one reply share a time). */
export function compareThreadOrder(
  a: Pick<ToolCallRecord, 'createdAt' | 'position'>,
  b: Pick<ToolCallRecord, 'createdAt' | 'position'>,
): number {
  return a.createdAt - b.createdAt || a.position - b.position;
}
