import { defineConfig } from '@playwright/test';
import type { Options, WorkerOptions } from './tests/e2e/fixtures';

/** Tests that touch page context, the editor or writes carry this tag: run on 6.1 and on 7.1. */
const BOTH_VERSIONS = /@both-versions/;

/**
 * The kill tests stop the service worker at chosen moments after a click, and the editor
 * bad-input tests race a 25 s hung page and a 3 s slow save: they depend on timing, so
 * `npm test` runs them alone after the rest, one at a time (COUNTERSIGN_E2E_KILL=skip for the
 * parallel part, =only for theirs; unset: both, as `npx playwright test` does). The editor
 * ones failed twice beside two other browsers on a loaded machine. The short soak stops the
 * worker at random moments and restarts WordPress: alone too.
 */
const KILL_SPECS = /(kill|editor-bad-input|soak)\.spec\.ts$/;
const killPart = process.env.COUNTERSIGN_E2E_KILL;
if (killPart !== undefined && killPart !== 'skip' && killPart !== 'only') {
  throw new Error(`COUNTERSIGN_E2E_KILL must be "skip" or "only", got "${killPart}"`);
}
/** Which spec files the two version projects take, after COUNTERSIGN_E2E_KILL. */
const versionFiles =
  killPart === 'skip'
    ? { testIgnore: KILL_SPECS }
    : killPart === 'only'
      ? { testMatch: KILL_SPECS }
      : {};

/**
 * Parallel workers (COUNTERSIGN_E2E_WORKERS, default 3). The tests mostly wait (on WordPress,
 * the model server, Chromium), so three browsers keep two cores busy; each worker has its own
 * WordPress stacks and, when a test needs a real window, its own Xvfb (tests/e2e/support/
 * worker-stack.ts, private-display.ts). `COUNTERSIGN_E2E_WORKERS=1` runs one test at a time.
 */
function e2eWorkers(value: string | undefined): number {
  if (value === undefined || value === '') return 3;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 8) {
    throw new Error(`COUNTERSIGN_E2E_WORKERS must be a whole number 1-8, got "${value}"`);
  }
  return n;
}

/**
 * End-to-end tests: Debian's Chromium with the built extension (.output/chrome-mv3),
 * a real WordPress (scripts/wp-stack.sh, test stacks) and the scripted model server.
 *
 * Projects: `wp-6.1` runs every test against the oldest WordPress supported, Debian bookworm's
 * 6.1.9 (.stack/test); `wp-7.1` runs the tests tagged @both-versions against the newest, Debian
 * sid's 7.1.x (.stack/test-7.1, port + 10). Each depends on a setup project that brings its
 * stack up; both projects run at once, their files spread over the workers (worker N > 0 uses
 * `.stack/test-wN` and `.stack/test-wN-7.1`, brought up by its first test and stopped by the
 * global teardown). One version only: `npx playwright test --project wp-7.1`.
 */
export default defineConfig<Options, WorkerOptions>({
  testDir: 'tests/e2e',
  outputDir: killPart === 'only' ? 'test-results/e2e-kill' : 'test-results/e2e',
  timeout: 90_000,
  expect: { timeout: 15_000 },
  workers: e2eWorkers(process.env.COUNTERSIGN_E2E_WORKERS),
  // The alone-run kill tests stop the worker at chosen moments; one of them (editor-write-kill,
  // "as WordPress stores it") failed once in the last clean-clone run and passed in every
  // other: a failure there is run once more, and the report shows it as flaky.
  retries: process.env.CI || killPart === 'only' ? 1 : 0,
  reporter: [['list']],
  globalSetup: './tests/e2e/global-setup.ts',
  globalTeardown: './tests/e2e/global-teardown.ts',
  use: { screenshot: 'only-on-failure', trace: 'retain-on-failure' },
  projects: [
    { name: 'stack-6.1', testMatch: /stack\.setup\.ts/, use: { wpVersion: '6.1' } },
    { name: 'stack-7.1', testMatch: /stack\.setup\.ts/, use: { wpVersion: '7.1' } },
    { name: 'wp-6.1', dependencies: ['stack-6.1'], ...versionFiles, use: { wpVersion: '6.1' } },
    {
      name: 'wp-7.1',
      dependencies: ['stack-7.1'],
      ...versionFiles,
      grep: BOTH_VERSIONS,
      use: { wpVersion: '7.1' },
    },
  ],
});
