import type { Page } from '@playwright/test';
import type { ThreadPush, ThreadRequest, ThreadView } from '../../../src/shared/thread-protocol';

/**
 * Talks to the background's `thread` port from an extension page, exactly as the side
 * panel does, and records every push. Used to test the background wiring on its own.
 */
export class ThreadClient {
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

  send(request: ThreadRequest): Promise<void> {
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
