import type { AuditStatus, NewToolCallRecord } from '../../src/audit/record-schema';

/** Shape of a synthetic data set, for benchmarks and tests. */
export interface SyntheticOptions {
  /** Time of the first record (epoch ms). */
  start?: number;
  /** Milliseconds between consecutive records. */
  stepMs?: number;
  threads?: number;
  tools?: readonly string[];
  statuses?: readonly AuditStatus[];
}

/**
 * Deterministic records spread over threads, tools and statuses, e.g. to fill a log with
 * 100k records and time `AuditLog.query` (scripts/bench). Pure: writes nothing.
 */
export function syntheticRecords(
  count: number,
  options: SyntheticOptions = {},
): NewToolCallRecord[] {
  const { start = 1_700_000_000_000, stepMs = 1_000, threads = 100 } = options;
  const tools = options.tools ?? ['wp_update_post', 'wp_get_post', 'wp_update_settings'];
  const statuses = options.statuses ?? ['run', 'refused', 'failed', 'skipped', 'pending'];
  return Array.from({ length: count }, (_, i) => ({
    id: `synthetic-${String(i).padStart(7, '0')}`,
    threadId: `thread-${i % threads}`,
    owner: { userId: String(1 + (i % 3)), siteOrigin: 'https://example.test' },
    tool: tools[i % tools.length] ?? 'wp_get_post',
    input: { id: i },
    payloadHash: i.toString(16).padStart(64, '0'),
    status: statuses[i % statuses.length] ?? 'run',
    mode: 'ask',
    classification: { kind: 'write', destructive: false, draft: true },
    transport: 'agent',
    position: i % 4,
    createdAt: start + i * stepMs,
  }));
}
