import type { ThreadPush, ThreadView } from '../../shared/protocols/thread-protocol';
import { viewPush } from './view-window';

/** How a connected panel is sent pushes. */
export type Send = (push: ThreadPush) => void;

/** A connected panel: the thread it shows and the tab it belongs to (from thread-open). */
export interface PanelListener {
  threadId?: string;
  tabId?: number;
  /** Issue 15: how many of the thread's last items it shows (every item when unset). */
  shown?: number;
  send: Send;
}

/**
 * The panels connected to this worker (the hub owns them, nothing else keeps them): each
 * push for a thread goes to every panel that shows it.
 */
export class PanelHub {
  private readonly listeners = new Set<PanelListener>();

  /** A panel connected; its pushes go to `send` until `remove`. */
  add(send: Send): PanelListener {
    const listener: PanelListener = { send };
    this.listeners.add(listener);
    return listener;
  }

  /** The panel disconnected. */
  remove(listener: PanelListener): void {
    this.listeners.delete(listener);
  }

  /** Whether a panel shows the thread now (a card then needs no notification to be seen). */
  watches(threadId: string): boolean {
    return [...this.listeners].some((l) => l.threadId === threadId);
  }

  /** Sends a push to every panel that shows the thread. */
  broadcast(threadId: string, push: ThreadPush): void {
    for (const listener of this.listeners) if (listener.threadId === threadId) listener.send(push);
  }

  /** Sends a view to every panel that shows its thread, each the items it shows. */
  broadcastView(view: ThreadView): void {
    for (const listener of this.listeners) {
      if (listener.threadId === view.threadId) listener.send(viewPush(view, listener.shown));
    }
  }
}
