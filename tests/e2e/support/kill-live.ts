import type { BrowserContext, CDPSession } from '@playwright/test';
import { ThreadPanel } from '../pages/thread-panel';

/**
 * A worker stopped on purpose while it starts has its chrome.* calls fail with Chromium's
 * own "No SW" (its alarm or storage work is redone by the next worker): the kill itself,
 * not a fault. Every other console error still fails the test.
 */
export function forgiveKills(errors: string[]): void {
  for (let i = errors.length - 1; i >= 0; i -= 1) {
    if (/Error: No SW$/.test(errors[i]!)) errors.splice(i, 1);
  }
}

/** The panel a kill sweep drives and its CDP session; both change when the panel is reopened. */
export interface Live {
  panel: ThreadPanel;
  cdp: CDPSession;
  context: BrowserContext;
  extensionId: string;
  reopened: number;
}

/** Opens the side panel of a sweep (first time, or again after Chromium closed it). */
export async function openLive(
  context: BrowserContext,
  extensionId: string,
  panel: ThreadPanel,
): Promise<Live> {
  const cdp = await context.newCDPSession(panel.page);
  await cdp.send('ServiceWorker.enable');
  return { panel, cdp, context, extensionId, reopened: 0 };
}

/** The person opens the panel again on the same tab (Chromium closed it after a stop). */
export async function reopen(live: Live): Promise<Live> {
  live.panel = await ThreadPanel.openFor(live.context, live.extensionId, live.panel.tabId);
  live.cdp = await live.context.newCDPSession(live.panel.page);
  await live.cdp.send('ServiceWorker.enable');
  live.reopened += 1;
  return live;
}

/** Waits (polling every 10 ms, at most 20 s) until `reached` says so. */
export async function until(panel: ThreadPanel, reached: () => Promise<boolean> | boolean) {
  const deadline = Date.now() + 20_000;
  while (!(await reached())) {
    if (Date.now() > deadline) throw new Error('the phase to stop the worker at never came');
    await panel.page.waitForTimeout(10);
  }
}

/**
 * Resolves when CDP reports a worker no longer running, then one running (the reconnect
 * started it), or after 3 s when CDP reported no start (seen once in a dozen runs under
 * load: only "stopping, stopped"): the second stop then lands later in the recovery, and
 * whether the thread settles is judged as for any other stop.
 */
export function nextWorkerRunning(cdp: CDPSession): Promise<void> {
  let stopped = false;
  return new Promise((resolve) => {
    const done = () => {
      cdp.off('ServiceWorker.workerVersionUpdated', seen);
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(done, 3_000);
    const seen = (event: { versions: Array<{ runningStatus: string }> }) => {
      const status = event.versions.map((v) => v.runningStatus);
      // Chromium may report the stop as stopping or stopped, and may not report both.
      stopped ||= status.some((one) => one !== 'running');
      if (stopped && status.includes('running')) done();
    };
    cdp.on('ServiceWorker.workerVersionUpdated', seen);
  });
}

/**
 * Stops the worker now; with `again`, once more that many ms after the next worker started
 * (the panel's reconnect starts it, and with it the restart's recovery).
 */
export async function stopWorker(live: Live, again?: number): Promise<void> {
  const restarted = again === undefined ? undefined : nextWorkerRunning(live.cdp);
  await live.cdp.send('ServiceWorker.stopAllWorkers');
  if (again === undefined) return;
  await restarted;
  await new Promise((resolve) => setTimeout(resolve, again));
  if (live.panel.page.isClosed()) await reopen(live);
  await live.cdp.send('ServiceWorker.stopAllWorkers');
}

/**
 * Watches the thread after a stop until `judge` names how it ended (every 250 ms, at most
 * `ms`), or gives up with undefined. A panel Chromium closed after the stop (seen under load,
 * at a stop during a request) is opened again on the same tab, as the person would: it must
 * show the same. The thread is judged only once the panel is back on a live worker; until
 * then it shows the card as the dead worker left it, and a click on it reaches no one.
 */
export async function settle<T>(
  live: Live,
  judge: (panel: ThreadPanel) => Promise<T | undefined>,
  ms = 30_000,
): Promise<T | undefined> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (live.panel.page.isClosed()) await reopen(live);
    await new Promise((resolve) => setTimeout(resolve, 250));
    const { panel } = live;
    try {
      if (await panel.page.getByText('Reconnecting…').first().isVisible()) continue;
      const outcome = await judge(panel);
      if (outcome !== undefined) return outcome;
    } catch (error) {
      if (!panel.page.isClosed()) throw error; // closed meanwhile: reopened next time round
    }
  }
  return undefined;
}
