import { t } from '../../i18n';
import { z } from 'zod';
import { SealedStoreError, type SealedStore } from '../../store';
import {
  ThreadSummarySchema,
  type ThreadSummary,
  type ThreadView,
} from '../../shared/protocols/thread-protocol';
import { RecordOwnerSchema, sameOwner, siteRootOf, type RecordOwner } from '../../audit';
import { CountersignError } from '../../shared/errors';
import { OneAtATime } from '../../shared/one-at-a-time';
import { logger } from '../../shared/log';
import { readThreadView, storedThreadView, ThreadViewError } from './thread-view-format';

const log = logger('thread-views');

const EntrySchema = ThreadSummarySchema.extend({ owner: RecordOwnerSchema });
type IndexEntry = z.infer<typeof EntrySchema>;
const INDEX_KEY = 'thread-index';
/** The thread index as stored now: owners name their site's REST root. */
export const THREAD_INDEX_VERSION = 2;
const IndexV2Schema = z.object({
  version: z.literal(THREAD_INDEX_VERSION),
  threads: z.array(z.unknown()),
});
/** Version 1 (a bare array): owners were keyed by origin only. */
const IndexV1Schema = z.array(z.unknown());
const NewerIndexSchema = z.object({ version: z.number().int().gt(THREAD_INDEX_VERSION) });

/** What a stored index holds: its threads (and how many entries were left out), or not. */
export type IndexRead =
  | { kind: 'read'; threads: IndexEntry[]; dropped: number }
  /** Written by a newer version of the extension: never rewritten by this one. */
  | { kind: 'newer'; version: number }
  | { kind: 'malformed' };

/**
 * Reads the stored index, migrating version 1: a thread keyed by origin belonged to the
 * site at the origin's root (its REST root `<origin>/wp-json/`), the only site a thread
 * could have been opened on before sites sharing an origin were told apart. Each entry is
 * checked on its own: one that cannot be read is left out (`dropped`), and the others stay.
 */
export function readThreadIndex(raw: unknown): IndexRead {
  const newer = NewerIndexSchema.safeParse(raw);
  if (newer.success) return { kind: 'newer', version: newer.data.version };
  const current = IndexV2Schema.safeParse(raw);
  const v1 = current.success ? undefined : IndexV1Schema.safeParse(raw);
  const entries = current.success ? current.data.threads : v1?.success ? v1.data : undefined;
  if (!entries) return { kind: 'malformed' };
  const threads: IndexEntry[] = [];
  for (const entry of entries) {
    const parsed = EntrySchema.safeParse(entry);
    if (!parsed.success) continue;
    const t = parsed.data;
    threads.push({ ...t, owner: { ...t.owner, siteRoot: siteRootOf(t.owner) } });
  }
  return { kind: 'read', threads, dropped: entries.length - threads.length };
}

/**
 * What each thread showed, kept sealed at rest (S3) apart from the run state and from the
 * audit log (A2), so a reopened panel shows exactly what it showed while it ran (C6).
 */
export class ThreadViewStore {
  /**
   * The index's updates, one at a time. Each reads the index, changes its thread's entry
   * and writes it back; two at once (threads committing at the same moment) each wrote
   * the index they had read, and the thread of the first went missing from it: it then
   * opened as "no longer exists" and was not resumed after a restart.
   */
  private readonly indexUpdates = new OneAtATime();
  /**
   * The index as this worker last read or wrote it. This store, in the one worker, is the
   * index's only writer, so what it wrote is what storage holds. A panel opening a thread
   * read the sealed index three times (open, unseal, check: 5-10 ms each while the panel
   * loads, and its view waited behind them) and every commit once more; now a worker reads
   * it once. A write that fails forgets it: the next read asks storage what it holds.
   */
  private cached: readonly IndexEntry[] | undefined;
  /**
   * Bumped as every write starts and ends: a read that began before or during one may hold
   * the index as it was, and must not cache it (the next save would write from it and drop
   * the thread just saved).
   */
  private writes = 0;

  constructor(private readonly sealed: SealedStore) {}

  /**
   * The thread's stored view in today's format (older formats migrated), or undefined when
   * none is stored. A view that cannot be shown (a newer format, damaged, not readable) is
   * a `ThreadViewError` saying why; it stays stored as it is, since nothing saves a view
   * this worker did not read.
   */
  async load(threadId: string): Promise<ThreadView | undefined> {
    let raw: unknown;
    try {
      raw = await this.sealed.get(`thread-view:${threadId}`);
    } catch (error) {
      log.warn(`thread ${threadId}: its view could not be opened`, error);
      const message = t('worker.threadView.unreadable');
      throw new ThreadViewError('unreadable', threadId, message, [], { cause: error });
    }
    if (raw === undefined) return undefined;
    try {
      return readThreadView(raw, threadId);
    } catch (error) {
      log.warn(`thread ${threadId}: its stored view cannot be shown`, error);
      throw error;
    }
  }

  async save(view: ThreadView, owner: RecordOwner, now: number): Promise<void> {
    await this.sealed.put(`thread-view:${view.threadId}`, storedThreadView(view));
    const entry: IndexEntry = {
      threadId: view.threadId,
      title: view.title,
      updatedAt: now,
      pending: view.pending !== null,
      owner,
    };
    await this.indexUpdates.run(async () => {
      const rest = (await this.index(true)).filter((t) => t.threadId !== view.threadId);
      const threads = [entry, ...rest].slice(0, 500);
      // Counted before and after: a read that overlaps the write in any way is not cached.
      // Until the write commits, the copy held is what storage holds, so reads meanwhile
      // keep answering from it; a write that fails (perhaps after writing) forgets it.
      this.writes += 1;
      try {
        await this.sealed.put(INDEX_KEY, { version: THREAD_INDEX_VERSION, threads });
        this.cached = threads;
      } catch (error) {
        this.cached = undefined;
        throw error;
      } finally {
        this.writes += 1;
      }
    });
  }

  /** The owner's threads on a site, most recent first. */
  async list(owner: RecordOwner): Promise<ThreadSummary[]> {
    return (await this.index())
      .filter((t) => sameOwner(t.owner, owner))
      .sort((a, b) => b.updatedAt - a.updatedAt)
      .map(({ owner: _owner, ...summary }) => summary);
  }

  /** The threads of `threadId`'s owner on its site (none without a listed thread). */
  async listBeside(threadId: string | undefined): Promise<ThreadSummary[]> {
    const owner = (await this.index()).find((t) => t.threadId === threadId)?.owner;
    return owner ? this.list(owner) : [];
  }

  /** Threads whose run may need resuming after a worker restart. */
  async all(): Promise<Array<{ threadId: string; owner: RecordOwner }>> {
    return (await this.index()).map(({ threadId, owner }) => ({ threadId, owner }));
  }

  /**
   * The stored index. When storage fails to hand it over, a read answers no threads for now;
   * a write (`forWrite`) stops instead: writing the index it has not read would drop every
   * other thread from it for good. An index that is stored but can never be opened (damaged,
   * or sealed by another key) starts afresh, as a malformed one does: refusing every save
   * would stop every thread for good (the threads' own views stay stored). An entry that
   * cannot be read is left out and the others kept; an index a newer version wrote is
   * never rewritten (a save says so, a read answers no threads).
   */
  private async index(forWrite = false): Promise<readonly IndexEntry[]> {
    if (this.cached) return this.cached;
    const writes = this.writes;
    let raw: unknown;
    try {
      raw = await this.sealed.get(INDEX_KEY);
    } catch (error) {
      if (error instanceof SealedStoreError) {
        log.warn('the thread index cannot be opened; starting a new one', error);
        return [];
      }
      log.warn('the thread index could not be read', error);
      if (!forWrite) return [];
      throw new CountersignError('thread-index-unreadable', t('worker.thread.indexUnreadable'), {
        cause: error,
      });
    }
    const read = readThreadIndex(raw ?? []);
    if (read.kind === 'malformed') {
      log.warn('the thread index is malformed; starting a new one');
      return [];
    }
    if (read.kind === 'newer') {
      log.warn(`the thread index is version ${read.version}, newer than this extension's`);
      if (!forWrite) return [];
      throw new CountersignError('thread-index-newer', t('worker.thread.indexNewer'));
    }
    if (read.dropped > 0) {
      log.warn(`the thread index had ${read.dropped} entries that cannot be read; left out`);
    }
    if (writes === this.writes) this.cached = read.threads;
    return read.threads;
  }
}
