import type { RecordOwner } from '../../audit';
import { CountersignError } from '../../shared/errors';
import type { ThreadView } from '../../shared/protocols/thread-protocol';
import type { ThreadViewStore } from './thread-view-store';
import { t } from '../../i18n';

/** A thread's view as this worker holds it, and whose thread it is. */
export interface ViewEntry {
  view: ThreadView;
  owner: RecordOwner;
}

/**
 * The one view object of each thread in this worker, loaded from the store on first use.
 * Loads that race (a restart's resume and a reopening panel) share one read: a second copy,
 * read before the resume changed the view, would otherwise replace the live one and keep
 * its stale card and busy flag for good (S5, issue "Close the holes" item 1).
 */
export class ViewCache extends Map<string, ViewEntry> {
  private readonly loading = new Map<string, Promise<ViewEntry>>();

  constructor(private readonly store: ThreadViewStore) {
    super();
  }

  /** The cached entry, or the stored one (`no-thread` when there is none). */
  entry(threadId: string): Promise<ViewEntry> {
    const cached = this.get(threadId);
    if (cached) return Promise.resolve(cached);
    let loading = this.loading.get(threadId);
    if (!loading) {
      loading = this.read(threadId).finally(() => this.loading.delete(threadId));
      this.loading.set(threadId, loading);
    }
    return loading;
  }

  private async read(threadId: string): Promise<ViewEntry> {
    const view = await this.store.load(threadId);
    const owner = (await this.store.all()).find((t) => t.threadId === threadId)?.owner;
    if (!view || !owner) throw new CountersignError('no-thread', t('worker.thread.gone'));
    // A thread created here while the read was on its way is the live one.
    const entry = this.get(threadId) ?? { view, owner };
    this.set(threadId, entry);
    return entry;
  }
}
