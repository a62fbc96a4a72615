import type { BrowserContext, CDPSession, Page, Worker } from '@playwright/test';

/** How long a stop may take to read stopped, and a new worker to come back, at most. */
export const STOP_LIMIT_MS = 15_000;
export const BACK_LIMIT_MS = 30_000;

/** One service worker version as CDP's ServiceWorker domain reports it. */
interface Version {
  versionId: string;
  runningStatus: string;
  scriptURL: string;
}

/**
 * The browser's control page and its CDP session. The stop is sent from here, never from a
 * panel: Chromium may close an extension page right after its worker stops (seen under load),
 * and a CDP session attached to that page died with it ("Target page, context or browser has
 * been closed"). The control page is the blank page a persistent browser starts with, which no
 * test drives; no test closes it.
 */
interface Control {
  page: Page;
  cdp: CDPSession;
  versions: Map<string, Version>;
  changed: Set<() => void>;
}

const controls = new WeakMap<BrowserContext, Promise<Control>>();

async function openControl(context: BrowserContext): Promise<Control> {
  const blank = context.pages().find((p) => !p.isClosed() && p.url() === 'about:blank');
  const page = blank ?? (await context.newPage());
  opened.set(context, page);
  const cdp = await context.newCDPSession(page);
  const control: Control = { page, cdp, versions: new Map(), changed: new Set() };
  cdp.on('ServiceWorker.workerVersionUpdated', (event: { versions: Version[] }) => {
    for (const v of event.versions) control.versions.set(v.versionId, v);
    for (const notify of [...control.changed]) notify();
  });
  await cdp.send('ServiceWorker.enable');
  return control;
}

/** The control page of a browser whose stop control is open (a reset keeps it open). */
const opened = new WeakMap<BrowserContext, Page>();

export function controlPageOf(context: BrowserContext): Page | undefined {
  const page = opened.get(context);
  return page && !page.isClosed() ? page : undefined;
}

/**
 * Forgets a browser's stop control: after the extension reloads (support/browser-reuse.ts) the
 * next test opens it again, with only the new worker's versions in it.
 */
export function forgetControl(context: BrowserContext): void {
  const control = controls.get(context);
  controls.delete(context);
  opened.delete(context);
  void control?.then((c) => c.cdp.detach()).catch(() => undefined);
}

function controlOf(context: BrowserContext): Promise<Control> {
  let control = controls.get(context);
  if (control && opened.get(context)?.isClosed()) {
    forgetControl(context);
    control = undefined;
  }
  if (!control) {
    control = openControl(context);
    controls.set(context, control);
  }
  return control;
}

/** The extension's worker versions (its background script), as last reported. */
function extensionVersions(control: Control, extensionId: string): Version[] {
  return [...control.versions.values()].filter((v) =>
    v.scriptURL.startsWith(`chrome-extension://${extensionId}/`),
  );
}

/** Resolves once `holds` is true of the reported versions; throws `why` after `ms`. */
function waitFor(control: Control, holds: () => boolean, ms: number, why: string): Promise<void> {
  if (holds()) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const check = () => {
      if (!holds()) return;
      control.changed.delete(check);
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => {
      control.changed.delete(check);
      reject(new Error(why));
    }, ms);
    control.changed.add(check);
  });
}

/** `promise`, or an error naming `what` after `ms`. */
export async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took more than ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** The extension's running worker, as Playwright holds it (it keeps one object across restarts). */
function workerOf(context: BrowserContext, extensionId: string): Worker | undefined {
  return context
    .serviceWorkers()
    .filter((w) => w.url().startsWith(`chrome-extension://${extensionId}/`))
    .at(-1);
}

/** Whether CDP reads a version of the extension's worker running now. */
export async function isWorkerRunning(
  context: BrowserContext,
  extensionId: string,
): Promise<boolean> {
  const control = await controlOf(context);
  return extensionVersions(control, extensionId).some((v) => v.runningStatus === 'running');
}

/** What a stop left behind, to prove that a new worker came back. */
export interface Stopped {
  extensionId: string;
  /** `performance.timeOrigin` of the worker that was stopped. */
  timeOrigin: number;
}

/**
 * Stops the extension's service worker (only it: `ServiceWorker.stopWorker` for its version,
 * as Chrome does when it kills an idle worker) and returns once CDP reads it stopped. Throws
 * when it was not running, when the stop is not confirmed within STOP_LIMIT_MS: a kill test
 * can never pass on a stop that did not happen.
 */
export async function stopExtensionWorker(
  context: BrowserContext,
  extensionId: string,
): Promise<Stopped> {
  const control = await controlOf(context);
  const running = () =>
    extensionVersions(control, extensionId).find((v) => v.runningStatus === 'running');
  await waitFor(
    control,
    () => running() !== undefined,
    STOP_LIMIT_MS,
    "the extension's service worker was not running: there was nothing to stop",
  );
  const worker = workerOf(context, extensionId);
  if (!worker) throw new Error('Playwright holds no worker of the extension: nothing to stop');
  const timeOrigin = await within(
    worker.evaluate(() => performance.timeOrigin),
    STOP_LIMIT_MS,
    "reading the worker's timeOrigin before the stop",
  );
  const { versionId } = running()!;
  await within(
    control.cdp.send('ServiceWorker.stopWorker', { versionId }),
    STOP_LIMIT_MS,
    'ServiceWorker.stopWorker',
  );
  await waitFor(
    control,
    () => control.versions.get(versionId)?.runningStatus === 'stopped',
    STOP_LIMIT_MS,
    `the extension's service worker did not stop within ${STOP_LIMIT_MS} ms`,
  );
  return { extensionId, timeOrigin };
}

/**
 * Waits (at most `ms`) until a new worker of the extension runs: CDP reads it running and its
 * `timeOrigin` differs from the stopped one's. Something must start it (a panel connecting, an
 * alarm, a message). Throws otherwise: a kill test fails when the worker did not come back.
 */
export async function expectWorkerBack(
  context: BrowserContext,
  stopped: Stopped,
  ms = BACK_LIMIT_MS,
): Promise<Worker> {
  const control = await controlOf(context);
  const deadline = Date.now() + ms;
  const failed = `no new service worker of the extension within ${ms} ms of the stop`;
  for (;;) {
    const left = deadline - Date.now();
    if (left <= 0) throw new Error(failed);
    await waitFor(
      control,
      () =>
        extensionVersions(control, stopped.extensionId).some((v) => v.runningStatus === 'running'),
      left,
      failed,
    );
    const worker = workerOf(context, stopped.extensionId);
    const origin = worker
      ? await within(
          worker.evaluate(() => performance.timeOrigin),
          Math.max(1, deadline - Date.now()),
          failed,
        ).catch(() => undefined) // stopped again meanwhile, or not attached yet: look again
      : undefined;
    if (worker && origin !== undefined && origin !== stopped.timeOrigin) return worker;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
