import { z } from 'zod';
import type { SealedStore } from '../store';
import {
  ThreadViewSchema,
  ThreadSummarySchema,
  type ThreadSummary,
  type ThreadView,
} from '../shared/thread-protocol';
import { RecordOwnerSchema, type RecordOwner } from '../audit';
import { logger } from '../shared/log';

const log = logger('thread-views');

const IndexSchema = z.array(ThreadSummarySchema.extend({ owner: RecordOwnerSchema }));
type IndexEntry = z.infer<typeof IndexSchema>[number];
const INDEX_KEY = 'thread-index';

/**
 * What each thread showed, kept sealed at rest (S3) apart from the run state and from the
 * audit log (A2), so a reopened panel shows exactly what it showed while it ran (C6).
 */
export class ThreadViewStore {
  constructor(private readonly sealed: SealedStore) {}

  async load(threadId: string): Promise<ThreadView | undefined> {
    const raw = await this.sealed.get(`thread-view:${threadId}`).catch((error) => {
      log.warn(`thread ${threadId}: its view could not be opened`, error);
      return undefined;
    });
    if (raw === undefined) return undefined;
    const parsed = ThreadViewSchema.safeParse(raw);
    if (!parsed.success) log.warn(`thread ${threadId}: its stored view is malformed`);
    return parsed.success ? parsed.data : undefined;
  }

  async save(view: ThreadView, owner: RecordOwner, now: number): Promise<void> {
    await this.sealed.put(`thread-view:${view.threadId}`, view);
    const index = await this.index();
    const entry: IndexEntry = {
      threadId: view.threadId,
      title: view.title,
      updatedAt: now,
      pending: view.pending !== null,
      owner,
    };
    const rest = index.filter((t) => t.threadId !== view.threadId);
    await this.sealed.put(INDEX_KEY, [entry, ...rest].slice(0, 500));
  }

  /** The owner's threads on a site, most recent first. */
  async list(owner: RecordOwner): Promise<ThreadSummary[]> {
    return (await this.index())
      .filter((t) => t.owner.userId === owner.userId && t.owner.siteOrigin === owner.siteOrigin)
      .sort((a, b) => b.updatedAt - a.updatedAt)
      .map(({ owner: _owner, ...summary }) => summary);
  }

  /** Threads whose run may need resuming after a worker restart. */
  async all(): Promise<Array<{ threadId: string; owner: RecordOwner }>> {
    return (await this.index()).map(({ threadId, owner }) => ({ threadId, owner }));
  }

  private async index(): Promise<IndexEntry[]> {
    const raw = await this.sealed.get(INDEX_KEY).catch(() => undefined);
    const parsed = IndexSchema.safeParse(raw ?? []);
    if (!parsed.success) log.warn('the thread index is malformed; starting a new one');
    return parsed.success ? parsed.data : [];
  }
}
