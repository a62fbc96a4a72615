import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests: Debian's Chromium with the built extension (.output/chrome-mv3),
 * a real WordPress (scripts/wp-stack.sh, test stack) and the scripted model server.
 * One worker: the machine has two cores and each test runs its own browser.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/e2e',
  timeout: 90_000,
  expect: { timeout: 15_000 },
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  globalSetup: './tests/e2e/global-setup.ts',
  use: { screenshot: 'only-on-failure', trace: 'retain-on-failure' },
});
