import { defineConfig } from '@playwright/test';
import type { Options } from './tests/e2e/fixtures';

/** Tests that touch page context, the editor or writes carry this tag and run on both versions. */
const BOTH_VERSIONS = /@both-versions/;

/**
 * End-to-end tests: Debian's Chromium with the built extension (.output/chrome-mv3),
 * a real WordPress (scripts/wp-stack.sh, test stacks) and the scripted model server.
 * One worker: the machine has two cores and each test runs its own browser.
 *
 * Projects: `wp-6.1` runs every test against Debian's WordPress 6.1.9 (.stack/test);
 * `wp-6.5` runs the tests tagged @both-versions against WordPress 6.5.5 (.stack/test-6.5,
 * port + 10). Each depends on a setup project that brings its stack up. One version only:
 * `npx playwright test --project wp-6.5`.
 */
export default defineConfig<Options>({
  testDir: 'tests/e2e',
  outputDir: 'test-results/e2e',
  timeout: 90_000,
  expect: { timeout: 15_000 },
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  globalSetup: './tests/e2e/global-setup.ts',
  use: { screenshot: 'only-on-failure', trace: 'retain-on-failure' },
  projects: [
    { name: 'stack-6.1', testMatch: /stack\.setup\.ts/, use: { wpVersion: '6.1' } },
    { name: 'stack-6.5', testMatch: /stack\.setup\.ts/, use: { wpVersion: '6.5' } },
    { name: 'wp-6.1', dependencies: ['stack-6.1'], use: { wpVersion: '6.1' } },
    {
      name: 'wp-6.5',
      dependencies: ['stack-6.5'],
      grep: BOTH_VERSIONS,
      use: { wpVersion: '6.5' },
    },
  ],
});
