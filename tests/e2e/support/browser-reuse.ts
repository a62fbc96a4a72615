import type { BrowserContext, Page, Worker } from '@playwright/test';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  controlPageOf,
  expectWorkerBack,
  isWorkerRunning,
  stopExtensionWorker,
  type Stopped,
  within,
} from './worker-stop';

/** How long a reset may take before the browser is thrown away and a fresh one launched. */
export const RESET_LIMIT_MS = 20_000;

/**
 * One browser of a Playwright worker, used by test after test (issue 38: a launch with the
 * extension cost 4-5 CPU-seconds and its close 3-9 s under load, a third of an average test).
 * Between two tests `resetBrowser` gives the next one what a fresh profile would have (see
 * "One browser per worker" in docs/testing.md, and browser-reset.spec.ts which proves it).
 */
export interface SharedBrowser {
  dir: string;
  context: BrowserContext;
  /** Origins the tests' pages navigated to: their site storage is cleared between tests. */
  origins: Set<string>;
  /** The listeners on the context before any test added its own. */
  listeners: Map<string | symbol, unknown[]>;
  /** How much of Chromium's log (chromium.log) was written before the current test. */
  logOffset: number;
  /** Tests this browser ran, the current one included. */
  runs: number;
}

type Emitter = {
  eventNames(): (string | symbol)[];
  listeners(event: string | symbol): unknown[];
  removeListener(event: string | symbol, listener: unknown): void;
};

export function listenersOf(context: BrowserContext): Map<string | symbol, unknown[]> {
  const emitter = context as unknown as Emitter;
  return new Map(emitter.eventNames().map((e) => [e, [...emitter.listeners(e)]]));
}

/** Notes every origin a page of the context shows, so its storage can be cleared later. */
export function trackOrigins(context: BrowserContext, origins: Set<string>): void {
  const watch = (page: Page) =>
    page.on('framenavigated', (frame) => {
      const url = frame.url();
      if (url.startsWith('http:') || url.startsWith('https:')) origins.add(new URL(url).origin);
    });
  context.pages().forEach(watch);
  context.on('page', watch);
}

export function logSize(path: string): number {
  return existsSync(path) ? statSync(path).size : 0;
}

/** Chromium's log from `offset` on: what it said during one test of a reused browser. */
export function logSince(path: string, offset: number): string {
  return existsSync(path) ? readFileSync(path).subarray(offset).toString('utf8') : '';
}

/**
 * Everything the extension keeps but its session storage, cleared from one of its pages:
 * IndexedDB (the threads, the audit, the outbox), Cache Storage, alarms, registered content
 * scripts, notifications, `chrome.storage` local and sync, host permissions granted at run time.
 * Only the last of these can wake the worker (it listens to permission changes). Returns what
 * is left, which must be nothing.
 */
async function clearExtension(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    for (const { name } of await indexedDB.databases()) {
      if (!name) continue;
      await new Promise<void>((resolve, reject) => {
        const request = indexedDB.deleteDatabase(name);
        request.onsuccess = () => resolve();
        request.onerror = () => reject(new Error(`could not delete IndexedDB ${name}`));
      });
    }
    for (const key of await caches.keys()) await caches.delete(key);
    await chrome.alarms.clearAll();
    if ((await chrome.scripting.getRegisteredContentScripts()).length) {
      await chrome.scripting.unregisterContentScripts();
    }
    for (const id of Object.keys(await chrome.notifications.getAll())) {
      await chrome.notifications.clear(id);
    }
    await Promise.all([chrome.storage.local.clear(), chrome.storage.sync.clear()]);
    const required = new Set(chrome.runtime.getManifest().host_permissions ?? []);
    const granted = (await chrome.permissions.getAll()).origins ?? [];
    const extra = granted.filter((o) => !required.has(o));
    if (extra.length) await chrome.permissions.remove({ origins: extra });
    const left: string[] = [];
    left.push(...Object.keys(await chrome.storage.local.get(null)).map((k) => `storage ${k}`));
    left.push(...(await indexedDB.databases()).map((d) => `IndexedDB ${d.name}`));
    left.push(...(await chrome.alarms.getAll()).map((a) => `alarm ${a.name}`));
    return left;
  });
}

/**
 * Gives the next test a browser as a fresh profile would be: one blank page (the stop control
 * page of support/worker-stop.ts when there is one), no cookies, routes, granted web
 * permissions or listeners a test added, no storage of the sites it visited, and the extension
 * with nothing stored and a new worker (nothing in memory). Returns that worker.
 * Throws when any step fails or takes too long: the fixture then launches a fresh browser.
 */
export async function resetBrowser(shared: SharedBrowser, extensionId: string): Promise<Worker> {
  const { context } = shared;
  const keep =
    controlPageOf(context) ??
    context.pages().find((p) => p.url() === 'about:blank') ??
    (await context.newPage());
  await Promise.all(context.pages().map((p) => (p === keep ? undefined : p.close())));
  await context.unrouteAll({ behavior: 'ignoreErrors' });
  await context.clearPermissions();
  await context.clearCookies();
  const emitter = context as unknown as Emitter;
  for (const event of emitter.eventNames()) {
    const before = shared.listeners.get(event) ?? [];
    for (const l of emitter.listeners(event)) {
      if (!before.includes(l)) emitter.removeListener(event, l);
    }
  }
  const cdp = await context.newCDPSession(keep);
  try {
    for (const origin of shared.origins) {
      await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
    }
    shared.origins.clear();
    // The worker stops first (proven stopped, support/worker-stop.ts), so nothing of the last
    // test is left in memory to write back; the extension's data is then cleared from a page
    // of the extension that runs none of its code (an icon). Clearing its session storage
    // comes last, as it wakes the worker (it listens there): a worker woken by it starts with
    // nothing stored, as in a fresh profile.
    let stopped: Stopped = { extensionId, timeOrigin: Number.NaN };
    const page = await context.newPage();
    try {
      await page.goto(`chrome-extension://${extensionId}/icon/16.png`);
      for (let attempt = 1; ; attempt++) {
        if (await isWorkerRunning(context, extensionId)) {
          stopped = await stopExtensionWorker(context, extensionId);
        }
        const left = await within(clearExtension(page), RESET_LIMIT_MS, 'clearing the extension');
        // An alarm or a permission's removal may have started the worker meanwhile: again.
        if (!left.length && !(await isWorkerRunning(context, extensionId))) break;
        if (attempt === 3) throw new Error(`the extension kept ${left.join(', ') || 'running'}`);
      }
      await page.evaluate(() => chrome.storage.session.clear());
    } finally {
      await page.close();
    }
    if (!(await isWorkerRunning(context, extensionId))) {
      await cdp.send('ServiceWorker.enable');
      await cdp.send('ServiceWorker.startWorker', {
        scopeURL: `chrome-extension://${extensionId}/`,
      });
    }
    return await expectWorkerBack(context, stopped, RESET_LIMIT_MS);
  } finally {
    await cdp.detach().catch(() => undefined);
  }
}

/**
 * The browsers a Playwright worker keeps (a worker is one process): the test's own (`main`) and
 * a second profile's (`approver`, support/approvers.ts). The worker's `sharedBrowser` fixture
 * closes them all when the worker ends, and after a failed test.
 */
export type BrowserRole = 'main' | 'approver';

const kept = new Map<BrowserRole, SharedBrowser>();

/** COUNTERSIGN_E2E_FRESH=1: every test launches its own browsers, as before issue 38. */
export const ALWAYS_FRESH = process.env.COUNTERSIGN_E2E_FRESH === '1';

async function closeShared(shared: SharedBrowser): Promise<void> {
  await shared.context.close().catch(() => undefined);
  rmSync(shared.dir, { recursive: true, force: true });
}

/** Closes the kept browser of `role`, or all of them. */
export async function discardShared(role?: BrowserRole): Promise<void> {
  for (const [r, shared] of [...kept]) {
    if (role && r !== role) continue;
    kept.delete(r);
    await closeShared(shared);
  }
}

/**
 * The kept browser of `role`: launched (`launch`, into a new profile) by the first test that
 * takes it, reset for every later one. `worker`: the extension's new worker after a reset.
 */
export async function takeShared(
  role: BrowserRole,
  extensionId: string,
  launch: (dir: string) => Promise<BrowserContext>,
  log: (dir: string) => string,
): Promise<{ shared: SharedBrowser; worker?: Worker }> {
  let shared = kept.get(role);
  let worker: Worker | undefined;
  if (shared && shared.runs > 0) {
    try {
      worker = await resetBrowser(shared, extensionId);
    } catch (error) {
      console.warn(`[e2e] a fresh browser: the reset failed (${String(error)})`);
      await discardShared(role);
      shared = undefined;
    }
  }
  if (!shared) {
    const dir = mkdtempSync(join(tmpdir(), `countersign-e2e-${role}-`));
    const context = await launch(dir);
    const origins = new Set<string>();
    trackOrigins(context, origins);
    shared = { dir, context, origins, listeners: listenersOf(context), logOffset: 0, runs: 0 };
    kept.set(role, shared);
  }
  shared.runs++;
  shared.logOffset = logSize(log(shared.dir));
  return { shared, worker };
}
