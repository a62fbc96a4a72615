import type { ThreadView } from '../../shared/protocols/thread-protocol';
import type { PanelHub } from './panel-hub';
import type { ThreadViewStore } from './thread-view-store';
import { ViewCache, type ViewEntry } from './view-cache';

/**
 * The thread views of this worker (the one owner of them): the cache of one view object per
 * thread, the sealed store behind it, and `commit`, which saves a view and pushes it to the
 * panels that show it, so a reopened panel or a new worker shows the same (C6).
 */
export class ThreadViews {
  /** G15: the approvers' pickup reads a thread's view too. */
  readonly cache: ViewCache;

  constructor(
    readonly store: ThreadViewStore,
    private readonly hub: PanelHub,
  ) {
    this.cache = new ViewCache(store);
  }

  /** The thread's view and owner (`no-thread` when there is none). */
  entry(threadId: string): Promise<ViewEntry> {
    return this.cache.entry(threadId);
  }

  /** A thread made here: its view is held and stored before anything shows it. */
  async create(entry: ViewEntry): Promise<ViewEntry> {
    this.cache.set(entry.view.threadId, entry);
    await this.store.save(entry.view, entry.owner, Date.now());
    return entry;
  }

  /** Saves the thread's view as it is now and pushes it to the panels that show it. */
  async commit(threadId: string): Promise<void> {
    const entry = this.cache.get(threadId);
    if (!entry) return;
    await this.store.save(entry.view, entry.owner, Date.now());
    this.push(threadId);
  }

  /** Pushes the view as held to the panels that show it. */
  push(threadId: string): void {
    const view: ThreadView | undefined = this.cache.get(threadId)?.view;
    if (view) this.hub.broadcastView(view);
  }
}
