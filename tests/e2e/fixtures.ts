import {
  test as base,
  chromium,
  expect,
  type BrowserContext,
  type Page,
  type Worker,
} from '@playwright/test';
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  REPO_ROOT,
  readWpSeed,
  testStackOptions,
  type WpSeed,
  type WpVersion,
} from '../support/wp-env';
import {
  ALWAYS_FRESH,
  discardShared,
  type BrowserRole,
  logSince,
  takeShared,
  type SharedBrowser,
} from './support/browser-reuse';
import { ensurePrivateDisplay, stopPrivateDisplay } from './support/private-display';
import { ensureWorkerStack, WORKER_STACK_UP_TIMEOUT_MS } from './support/worker-stack';

/** The built extension; COUNTERSIGN_OUT_DIR points at another build (see wxt.config.ts). */
export const EXTENSION_DIR = join(
  process.env.COUNTERSIGN_OUT_DIR ? process.env.COUNTERSIGN_OUT_DIR : join(REPO_ROOT, '.output'),
  'chrome-mv3',
);

/** The id Chromium derives from the built manifest's public key: SHA-256, first 32 hex as a-p. */
let builtId: string | undefined;
export function builtExtensionId(): string {
  if (builtId) return builtId;
  const manifest = JSON.parse(readFileSync(join(EXTENSION_DIR, 'manifest.json'), 'utf8')) as {
    key: string;
  };
  const hex = createHash('sha256').update(Buffer.from(manifest.key, 'base64')).digest('hex');
  builtId = [...hex.slice(0, 32)].map((c) => String.fromCharCode(97 + parseInt(c, 16))).join('');
  return builtId;
}

/**
 * Tests tagged with this run on every WordPress version (project wp-7.1 runs only them and
 * the `@wp7` ones, which need WordPress 7's APIs and run on 7.1 alone: playwright.config.ts).
 */
export const BOTH_VERSIONS = '@both-versions';

/**
 * The browsers' `prefers-reduced-motion`. The e2e tests run with `reduce`: the panel's
 * spinner, caret and progress bar and WordPress's own animations stand still, which no test
 * looks at. Animating, they kept Chromium painting frames the whole time a panel waited:
 * about a tenth more machine CPU (docs/testing.md, "Reduced motion"). The XSS specs run with
 * `no-preference`, so a vector that hides in an animation event meets the page as most people
 * see it; so do the benches.
 */
export type Motion = 'reduce' | 'no-preference';

export interface Options {
  /** A real window (under Xvfb when there is no display), for Chromium's own prompts. */
  headful: boolean;
  /** `prefers-reduced-motion` of the test's browser (see Motion); `reduce` unless a spec says. */
  motion: Motion;
  /** Console errors a test expects from the extension (each must be named and explained). */
  expectedConsoleErrors: RegExp[];
  /**
   * A browser of the test's own instead of the worker's reused one (support/browser-reuse.ts):
   * for what a reset cannot give back, such as a policy read when the browser starts. Real
   * windows and `no-preference` motion always get their own.
   */
  freshBrowser: boolean;
}

/** Options of a whole worker (a worker runs the tests of one project). */
export interface WorkerOptions {
  /** The WordPress version of the project's stack (playwright.config.ts). */
  wpVersion: WpVersion;
}

interface Fixtures {
  context: BrowserContext;
  serviceWorker: Worker;
  extensionId: string;
  seed: WpSeed;
  /** Console errors from the extension's own pages and worker; a test fails on any. */
  extensionErrors: string[];
}

/** Where Chromium writes its own log (errors and warnings of every process) for a profile. */
export const chromiumLogOf = (userDataDir: string): string => join(userDataDir, 'chromium.log');

/**
 * Launches Debian's Chromium with the built extension loaded (new headless mode). Chromium
 * writes its own log into the profile (`chromiumLogOf`): crashes, killed processes, CDP.
 */
export async function launchWithExtension(
  userDataDir: string,
  headful = false,
  motion: Motion = 'reduce',
): Promise<BrowserContext> {
  // No "Save password?" bubble after a test signs in: in a real window it covered part of
  // the screen where a notification popup is looked for (support/native-notification.ts).
  // Only into a new profile: a profile launched again keeps what the browser saved in it.
  const preferences = join(userDataDir, 'Default', 'Preferences');
  mkdirSync(join(userDataDir, 'Default'), { recursive: true });
  if (!existsSync(preferences)) {
    writeFileSync(
      preferences,
      JSON.stringify({
        credentials_enable_service: false,
        profile: { password_manager_enabled: false },
      }),
    );
  }
  return chromium.launchPersistentContext(userDataDir, {
    executablePath: '/usr/bin/chromium',
    headless: !headful,
    viewport: { width: 1280, height: 800 },
    reducedMotion: motion,
    args: [
      `--disable-extensions-except=${EXTENSION_DIR}`,
      `--load-extension=${EXTENSION_DIR}`,
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--enable-logging',
      `--log-file=${chromiumLogOf(userDataDir)}`,
      ...(headful ? ['--window-position=0,0', '--window-size=1280,900'] : []),
    ],
  });
}

interface WorkerFixtures {
  /** This worker's own WordPress of the project's version (support/worker-stack.ts), up. */
  workerStack: void;
  /** Stops the worker's private X display (support/private-display.ts) when the worker ends. */
  privateDisplay: void;
  /** The worker's reused browser, launched by the first test that takes it (or again). */
  sharedBrowser: { take(): Promise<SharedBrowser>; discard(): Promise<void> };
}

/** The extension's worker each context's test starts with (a reset restarts it). */
const startWorkers = new WeakMap<BrowserContext, Worker>();

/** Whether a browser of these options can be a kept one (a reset gives back all else). */
export function keepsBrowser(headful: boolean, motion: Motion): boolean {
  return !ALWAYS_FRESH && !headful && motion === 'reduce';
}

/** The worker's kept browser of `role`, launched or reset (support/browser-reuse.ts). */
export function takeKeptBrowser(role: BrowserRole): ReturnType<typeof takeShared> {
  return takeShared(role, builtExtensionId(), (dir) => launchWithExtension(dir), chromiumLogOf);
}

export const test = base.extend<Fixtures & Options, WorkerFixtures & WorkerOptions>({
  headful: [false, { option: true }],
  motion: ['reduce', { option: true }],
  wpVersion: ['6.1', { option: true, scope: 'worker' }],
  expectedConsoleErrors: [[], { option: true }],
  freshBrowser: [false, { option: true }],
  // Parallel workers each have their own stacks: brought up before the worker's first hook or
  // test (a no-op for worker 0, whose stacks the setup projects start).
  workerStack: [
    async ({ wpVersion }, use) => {
      await ensureWorkerStack(wpVersion);
      await use();
    },
    { scope: 'worker', auto: true, timeout: WORKER_STACK_UP_TIMEOUT_MS },
  ],
  privateDisplay: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
    async ({}, use) => {
      await use();
      stopPrivateDisplay();
    },
    { scope: 'worker', auto: true },
  ],
  seed: async ({ wpVersion }, use) => use(readWpSeed(testStackOptions(process.env, wpVersion).dir)),
  sharedBrowser: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
    async ({}, use) => {
      const take = async () => {
        const { shared, worker } = await takeKeptBrowser('main');
        if (worker) startWorkers.set(shared.context, worker);
        return shared;
      };
      await use({ take, discard: () => discardShared() });
      await discardShared();
    },
    { scope: 'worker' },
  ],
  context: async ({ headful, motion, freshBrowser, sharedBrowser }, use, testInfo) => {
    if (headful) await ensurePrivateDisplay();
    const own = freshBrowser || !keepsBrowser(headful, motion);
    const setUp = performance.now();
    const shared = own ? undefined : await sharedBrowser.take();
    const dir = shared?.dir ?? mkdtempSync(join(tmpdir(), 'countersign-e2e-'));
    const context = shared?.context ?? (await launchWithExtension(dir, headful, motion));
    // What the browser cost this test before its first step (test-summary.mjs adds them up):
    // a reset of the worker's kept one, or a launch.
    const how = !shared || shared.runs === 1 ? 'launch' : 'reset';
    testInfo.annotations.push({
      type: 'browser',
      description: `${how} ${Math.round(performance.now() - setUp)} ms`,
    });
    await use(context);
    // A page or the browser that closed under a test ("Target page, context or browser has
    // been closed", seen twice after a worker stop) is explained by what Chromium said.
    const log = chromiumLogOf(dir);
    const failed = testInfo.status !== testInfo.expectedStatus;
    if (failed && existsSync(log)) {
      const path = testInfo.outputPath('chromium.log');
      if (shared) writeFileSync(path, logSince(log, shared.logOffset));
      else copyFileSync(log, path);
      await testInfo.attach('chromium.log', { path, contentType: 'text/plain' });
    }
    // A failed test's browsers are not reused: whatever broke stays with them.
    if (failed) await sharedBrowser.discard();
    if (shared) return;
    await context.close();
    rmSync(dir, { recursive: true, force: true });
  },
  serviceWorker: async ({ context }, use) => {
    const started = startWorkers.get(context);
    startWorkers.delete(context);
    const [existing] = started ? [started] : context.serviceWorkers();
    const worker = existing ?? (await context.waitForEvent('serviceworker'));
    await use(worker);
  },
  extensionId: async ({ serviceWorker }, use) => use(new URL(serviceWorker.url()).host),
  extensionErrors: [
    async ({ context, expectedConsoleErrors }, use) => {
      const errors: string[] = [];
      context.on('console', (message) => {
        const where = message.location().url;
        if (message.type() === 'error' && where.startsWith('chrome-extension://')) {
          errors.push(`${where}: ${message.text()}`);
        }
        // COUNTERSIGN_E2E_LOG=1: every message of the extension's pages and worker, timed.
        if (process.env.COUNTERSIGN_E2E_LOG && where.startsWith('chrome-extension://')) {
          const at = new Date().toISOString().slice(11, 23);
          console.log(`${at} [extension ${message.type()}] ${message.text()}`);
        }
      });
      context.on('weberror', (error) => errors.push(String(error.error())));
      await use(errors);
      const unexpected = errors.filter((e) => !expectedConsoleErrors.some((re) => re.test(e)));
      expect(unexpected, 'console errors in the extension').toEqual([]);
    },
    { auto: true },
  ],
});

/** The browser's id for the tab showing `page` (the most recent tab with its URL). */
export async function tabIdOf(worker: Worker, page: Page): Promise<number> {
  const url = page.url();
  const id = await worker.evaluate(async (target) => {
    const tabs = await chrome.tabs.query({});
    return tabs.filter((t) => t.url === target).pop()?.id;
  }, url);
  if (id === undefined) throw new Error(`no tab found for ${url}`);
  return id;
}

export { expect };
