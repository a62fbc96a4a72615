import type { AuditDb } from './db';
import { configChangesForThread, type ThreadConfigChange } from './config-changes';
import { AuditRecordNotFoundError } from './errors';
import { compareThreadOrder, readRecord } from './record-read';
import {
  queryRecords,
  type AuditFilter,
  type AuditPage,
  type AuditPageResult,
} from './record-query';
import type { AuditStatus, NewToolCallRecord, ToolCallRecord } from './record-schema';
import { createRecord, transitionRecord, type TransitionPatch } from './record-write';
import { refusedReport, type RefusedReportRow } from './refused-report';
import type { MirrorTarget } from './mirror-queue';
import { PURGE_BATCH_SIZE, purgeRecords } from './retention';

/** Options for `AuditLog`; the clock is injectable for tests. */
export interface AuditLogOptions {
  now?: () => number;
  /**
   * A5: a mirror target is configured. Only then is every write queued for it (in the
   * same transaction) and does retention keep records it has not delivered. Without one
   * (the default: the server mirror does not exist yet) nothing is queued, and a purge
   * also empties whatever an earlier version queued, so the outbox cannot grow without
   * bound and never holds records back from retention (A2).
   */
  mirror?: boolean;
  /** A5: called after a write queued for the mirror has committed (to drain it soon). */
  onQueued?: () => void;
}

/** A1–A6: the append-only audit log over one `AuditDb`. */
export class AuditLog {
  private readonly now: () => number;
  private readonly mirror: boolean;
  private readonly onQueued: () => void;

  constructor(
    readonly db: AuditDb,
    options: AuditLogOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    this.mirror = options.mirror ?? false;
    this.onQueued = options.onQueued ?? (() => undefined);
  }

  /** A1: records a call once; creating the same call again returns the stored record. */
  async create(record: NewToolCallRecord): Promise<ToolCallRecord> {
    const stored = await createRecord(this.db, record, this.now(), { mirror: this.mirror });
    if (this.mirror) this.onQueued();
    return stored;
  }

  /** A1: moves a record to `to`; repeating the same step with the same data is a no-op. */
  async transition(
    id: string,
    to: AuditStatus,
    patch: TransitionPatch = {},
  ): Promise<ToolCallRecord> {
    const next = await transitionRecord(this.db, id, to, patch, this.now(), {
      mirror: this.mirror,
    });
    if (this.mirror) this.onQueued();
    return next;
  }

  /** The record, or undefined when there is none. */
  async get(id: string): Promise<ToolCallRecord | undefined> {
    const raw = await this.db.records.get(id);
    return raw ? readRecord(raw) : undefined;
  }

  /** The record, or `AuditRecordNotFoundError`. */
  async require(id: string): Promise<ToolCallRecord> {
    const record = await this.get(id);
    if (!record) throw new AuditRecordNotFoundError(id);
    return record;
  }

  /** Every record of a thread, in thread order (time, then position in the turn). */
  async byThread(threadId: string): Promise<ToolCallRecord[]> {
    const rows = await this.db.records
      .where('[threadId+createdAt]')
      .between([threadId, -Infinity], [threadId, Infinity])
      .toArray();
    return rows.map(readRecord).sort(compareThreadOrder);
  }

  /** A3: one page of matching records, newest first. */
  query(filter: AuditFilter = {}, page: AuditPage = {}): Promise<AuditPageResult> {
    return queryRecords(this.db, filter, page);
  }

  /** A4: refused calls per tool; `hasHint` comes from the tool registry. */
  refusedReport(hasHint: (tool: string) => boolean): Promise<RefusedReportRow[]> {
    return refusedReport(this.db, hasHint);
  }

  /**
   * A2: removes records older than the retention period, never pending ones (and, with a
   * mirror, never undelivered ones, except those of `localOnly` targets: sites without the
   * plugin, whose queued records go by age as they would without a server).
   */
  purge(
    olderThanDays: number,
    now: number = this.now(),
    localOnly: readonly MirrorTarget[] = [],
  ): Promise<number> {
    return purgeRecords(this.db, olderThanDays, now, PURGE_BATCH_SIZE, {
      keepUnsent: this.mirror,
      localOnly,
    });
  }

  /** A6: the configuration changes of a thread's calls, with current and proposed values. */
  configChangesForThread(threadId: string): Promise<ThreadConfigChange[]> {
    return configChangesForThread(this.db, threadId);
  }
}
