import type { Page } from '@playwright/test';
import type {
  ThreadPush,
  ThreadRequest,
  ThreadView,
} from '../../../src/shared/protocols/thread-protocol';

type Decision = Extract<ThreadRequest, { type: 'decision' }>;
/** A decision without what the panel adds itself: its tab and the card's stamp. */
export type DecisionDraft = Omit<Decision, 'tabId' | 'targetModified'> &
  Partial<Pick<Decision, 'tabId' | 'targetModified'>>;

/**
 * Talks to the background's `thread` port from an extension page, exactly as the side
 * panel does, and records every push. Used to test the background wiring on its own.
 */
export class ThreadClient {
  private tabId: number | undefined;
  private readonly cards = new Map<
    string,
    Extract<ThreadView['items'][number], { kind: 'approval' }>
  >();

  private constructor(readonly page: Page) {}

  static async connect(page: Page): Promise<ThreadClient> {
    await page.evaluate(() => {
      const w = window as unknown as { __pushes: unknown[]; __port: chrome.runtime.Port };
      w.__pushes = [];
      w.__port = chrome.runtime.connect({ name: 'thread' });
      w.__port.onMessage.addListener((m) => w.__pushes.push(m));
    });
    return new ThreadClient(page);
  }

  /**
   * Sends a request as the panel would. A decision gets, unless given, what the panel adds:
   * the tab it serves (from the last thread-open) and the stamp of the card it names in
   * the latest view (G7, G13).
   */
  async send(draft: ThreadRequest | DecisionDraft): Promise<void> {
    let request = draft as ThreadRequest;
    if (draft.type === 'thread-open') this.tabId = draft.tabId;
    if (draft.type === 'decision') {
      // The cards of every view seen, newest last (a test may clear the pushes in between).
      for (const push of await this.pushes()) {
        if (push.type !== 'thread-view') continue;
        for (const item of push.view.items)
          if (item.kind === 'approval' && !item.decided) this.cards.set(item.card.recordId, item);
      }
      const card = this.cards.get(draft.recordId);
      request = {
        ...draft,
        tabId: draft.tabId ?? this.tabId ?? 0,
        targetModified:
          draft.targetModified !== undefined
            ? draft.targetModified
            : card?.kind === 'approval'
              ? (card.card.targetModified ?? null)
              : null,
      };
    }
    return this.page.evaluate((r) => {
      (window as unknown as { __port: chrome.runtime.Port }).__port.postMessage(r);
    }, request);
  }

  pushes(): Promise<ThreadPush[]> {
    return this.page.evaluate(() => (window as unknown as { __pushes: ThreadPush[] }).__pushes);
  }

  /** Waits until the latest thread view satisfies `ready`, and returns it. */
  async view(ready: (view: ThreadView) => boolean, timeoutMs = 30_000): Promise<ThreadView> {
    const deadline = Date.now() + timeoutMs;
    let last: ThreadView | undefined;
    while (Date.now() < deadline) {
      const pushes = await this.pushes();
      const error = pushes.find((p) => p.type === 'error');
      if (error && error.type === 'error')
        throw new Error(`background error: ${error.code}: ${error.message}`);
      const views = pushes.filter((p) => p.type === 'thread-view');
      const latest = views.at(-1);
      last = latest?.type === 'thread-view' ? latest.view : undefined;
      if (last && ready(last)) return last;
      await this.page.waitForTimeout(100);
    }
    throw new Error(`thread view never got ready; last: ${JSON.stringify(last)?.slice(0, 2000)}`);
  }
}
