import type { Page } from '@playwright/test';
import type { ThreadRequest, ThreadView } from '../../../../src/shared/protocols/thread-protocol';

type Harness = {
  latest: Record<string, ThreadView | undefined>;
  errors: Record<string, string[]>;
  ports: Record<string, chrome.runtime.Port | undefined>;
  epoch: Record<string, number>;
  openedAt: Record<string, number>;
};

/** Installs the page side: one `thread` port per soak thread, reopened on demand. */
export async function installHarness(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __soak: Harness };
    w.__soak = { latest: {}, errors: {}, ports: {}, epoch: {}, openedAt: {} };
  });
}

/**
 * One soak thread, talking to the background's `thread` port from an extension page as the
 * side panel does. When the worker is stopped the port closes; the next call opens a new one
 * and reopens the thread (which wakes a worker, as a reconnecting panel does).
 */
export class SoakClient {
  threadId = '';

  constructor(
    readonly page: Page,
    readonly key: string,
    readonly tabId: number,
  ) {}

  /** How many times the port was (re)opened: a change means a worker went away between. */
  epoch(): Promise<number> {
    return this.page.evaluate(
      (k) => (window as unknown as { __soak: Harness }).__soak.epoch[k] ?? 0,
      this.key,
    );
  }

  /** Opens the port if it is closed; reopens the thread on it. Returns true if it (re)opened. */
  async ensure(fresh = false): Promise<boolean> {
    const request: ThreadRequest = this.threadId
      ? { type: 'thread-open', tabId: this.tabId, threadId: this.threadId }
      : { type: 'thread-open', tabId: this.tabId, ...(fresh ? { fresh: true } : {}) };
    return this.page.evaluate(
      ({ k, request }) => {
        const s = (window as unknown as { __soak: Harness }).__soak;
        if (s.ports[k]) return false;
        const port = chrome.runtime.connect({ name: 'thread' });
        s.ports[k] = port;
        s.epoch[k] = (s.epoch[k] ?? 0) + 1;
        s.openedAt[k] = Date.now();
        s.latest[k] = undefined;
        s.errors[k] ??= [];
        port.onMessage.addListener(
          (m: { type: string; view?: ThreadView; code?: string; message?: string }) => {
            if (m.type === 'thread-view' && m.view) {
              if (!request.threadId || m.view.threadId === request.threadId) s.latest[k] = m.view;
            }
            if (m.type === 'error') s.errors[k]!.push(`${m.code}: ${m.message}`);
          },
        );
        port.onDisconnect.addListener(() => {
          void chrome.runtime.lastError; // a port to a worker that was stopping
          s.errors[k]!.push('disconnected');
          if (s.ports[k] === port) s.ports[k] = undefined;
        });
        port.postMessage(request);
        return true;
      },
      { k: this.key, request },
    );
  }

  /** Closes the port (the thread is reopened on the next call). */
  async close(): Promise<void> {
    await this.page.evaluate((k) => {
      const s = (window as unknown as { __soak: Harness }).__soak;
      const port = s.ports[k];
      s.ports[k] = undefined;
      port?.disconnect();
    }, this.key);
  }

  /**
   * Sends a request on a live port (opening one first if needed), once the port's first view
   * is in: until the background has opened the thread on it, it refuses requests.
   */
  async send(request: ThreadRequest): Promise<void> {
    for (let i = 0; i < 200 && !(await this.view()); i++)
      await new Promise((r) => setTimeout(r, 50));
    await this.page.evaluate(
      ({ k, request }) => {
        const s = (window as unknown as { __soak: Harness }).__soak;
        try {
          s.ports[k]?.postMessage(request);
        } catch {
          s.ports[k] = undefined; // closed under us: the caller sees the request did not land
        }
      },
      { k: this.key, request },
    );
  }

  /**
   * The latest view pushed on the current port (undefined right after a reconnect). A port
   * opened to a worker that was stopping can stay silent: after 5 s without a view it is
   * closed and opened again, as the panel retries while it shows "Reconnecting…".
   */
  async view(): Promise<ThreadView | undefined> {
    await this.ensure();
    return this.page.evaluate((k) => {
      const s = (window as unknown as { __soak: Harness }).__soak;
      const view = s.latest[k];
      if (!view && Date.now() - (s.openedAt[k] ?? 0) > 5_000) {
        s.errors[k]!.push('silent for 5 s: reopened');
        const port = s.ports[k];
        s.ports[k] = undefined;
        port?.disconnect();
      }
      return view;
    }, this.key);
  }

  /** Errors the background pushed (a refused decision, a busy thread), taken once. */
  takeErrors(): Promise<string[]> {
    return this.page.evaluate((k) => {
      const s = (window as unknown as { __soak: Harness }).__soak;
      const errors = s.errors[k] ?? [];
      s.errors[k] = [];
      return errors;
    }, this.key);
  }
}
