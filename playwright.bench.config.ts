import { defineConfig } from '@playwright/test';

/**
 * Benches that need the built extension in Debian's Chromium (`npm run bench` runs them
 * through scripts/bench-panel.mjs). Same fixtures and test WordPress as the e2e tests;
 * they write their figures to test-results/bench/ and assert no timing.
 */
export default defineConfig({
  testDir: 'tests/e2e/bench',
  testMatch: '*.bench.ts',
  outputDir: 'test-results/bench-runs',
  timeout: 60 * 60_000,
  workers: 1,
  reporter: [['list']],
  globalSetup: './tests/e2e/global-setup.ts',
});
