import { defineConfig } from '@playwright/test';
import type { Options } from './tests/e2e/fixtures';

/**
 * Benches that need the built extension in Debian's Chromium (`npm run bench` runs them
 * through scripts/bench-panel.mjs). Same fixtures and test WordPress as the e2e tests;
 * they write their figures to test-results/bench/ and assert no timing.
 */
export default defineConfig<Options>({
  testDir: 'tests/e2e/bench',
  testMatch: '*.bench.ts',
  outputDir: 'test-results/bench-runs',
  timeout: 60 * 60_000,
  workers: 1,
  reporter: [['list']],
  globalSetup: './tests/e2e/global-setup.ts',
  // As a person sees the panel: with motion (the e2e tests run with reduced motion).
  use: { motion: 'no-preference' },
});
