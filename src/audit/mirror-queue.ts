import { logger } from '../shared/log';
import type { AuditDb } from './db';
import { readRecord } from './record-read';
import type { ToolCallRecord } from './record-schema';
import type { OutboxEntry } from './outbox';

const log = logger('audit-mirror');

/** What the server receives: the record's latest state, keyed for deduplication. */
export interface MirrorItem {
  recordId: string;
  version: number;
  /** `${recordId}:${version}`; the server keeps the first delivery of each key. */
  idempotencyKey: string;
  record: ToolCallRecord;
}

/** Delivers one item; a fetch `Response` fits. Throwing counts as a failed delivery. */
export type MirrorSend = (item: MirrorItem) => Promise<{ status: number }>;

/** What one flush did; `nextAttemptAt` says when to schedule the next (null: empty). */
export interface FlushResult {
  sent: number;
  failed: number;
  remaining: number;
  nextAttemptAt: number | null;
}

/** Tuning and a clock, injectable for tests. */
export interface MirrorQueueOptions {
  now?: () => number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  batchSize?: number;
}

/**
 * A5: delivers the outbox at least once. Each record is sent as its latest snapshot, so
 * versions reach the server in order; an entry leaves the outbox only after a 2xx for
 * its version or a later one. A failure keeps every entry, backs the record off
 * (stored next attempt time) and ends the pass, since the server is likely down.
 */
export class MirrorQueue {
  private readonly now: () => number;
  private readonly baseDelayMs: number;
  private readonly maxDelayMs: number;
  private readonly batchSize: number;
  private running: Promise<FlushResult> | null = null;

  constructor(
    private readonly db: AuditDb,
    options: MirrorQueueOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    this.baseDelayMs = options.baseDelayMs ?? 2_000;
    this.maxDelayMs = options.maxDelayMs ?? 10 * 60_000;
    this.batchSize = options.batchSize ?? 100;
  }

  /** Sends every due entry; concurrent calls share one pass so nothing is sent twice. */
  flush(send: MirrorSend): Promise<FlushResult> {
    this.running ??= this.pass(send).finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** How many entries wait for delivery. */
  size(): Promise<number> {
    return this.db.outbox.count();
  }

  /** The earliest time an entry may be retried, or null when the outbox is empty. */
  async nextAttemptAt(): Promise<number | null> {
    const first = await this.db.outbox.orderBy('nextAttemptAt').first();
    return first?.nextAttemptAt ?? null;
  }

  private async pass(send: MirrorSend): Promise<FlushResult> {
    let sent = 0;
    let failed = 0;
    let previousFirst: number | undefined;
    for (let more = true; more && failed === 0;) {
      const now = this.now();
      const due = await this.db.outbox
        .orderBy('seq')
        .filter((entry) => entry.nextAttemptAt <= now)
        .limit(this.batchSize)
        .toArray();
      // A batch that starts where the last one did made no progress: stop, do not spin.
      more = due.length === this.batchSize && due[0]?.seq !== previousFirst;
      previousFirst = due[0]?.seq;
      for (const recordId of firstSeen(due)) {
        if (await this.deliver(recordId, send)) sent += 1;
        else {
          failed += 1;
          break;
        }
      }
    }
    return {
      sent,
      failed,
      remaining: await this.size(),
      nextAttemptAt: await this.nextAttemptAt(),
    };
  }

  private async deliver(recordId: string, send: MirrorSend): Promise<boolean> {
    const raw = await this.db.records.get(recordId);
    if (!raw) {
      // Retention keeps unsent records, so this is outside damage; nothing is left to send.
      log.warn(`Record ${recordId} is gone; dropping its outbox entries.`);
      await this.db.outbox.where('recordId').equals(recordId).delete();
      return true;
    }
    try {
      const record = readRecord(raw);
      const { version } = record;
      const item = { recordId, version, idempotencyKey: `${recordId}:${version}`, record };
      const { status } = await send(item);
      if (status < 200 || status > 299) throw new Error(`mirror answered HTTP ${status}`);
      await this.db.outbox
        .where('recordId')
        .equals(recordId)
        .filter((entry) => entry.version <= version)
        .delete();
      return true;
    } catch (error) {
      await this.backOff(recordId);
      log.warn(`Mirroring record ${recordId} failed; it stays queued.`, error);
      return false;
    }
  }

  private async backOff(recordId: string): Promise<void> {
    const now = this.now();
    await this.db.outbox
      .where('recordId')
      .equals(recordId)
      .modify((entry: OutboxEntry) => {
        entry.attempts += 1;
        const delay = this.baseDelayMs * 2 ** Math.min(entry.attempts - 1, 30);
        entry.nextAttemptAt = now + Math.min(delay, this.maxDelayMs);
      });
  }
}

function firstSeen(entries: OutboxEntry[]): string[] {
  return [...new Set(entries.map((entry) => entry.recordId))];
}
