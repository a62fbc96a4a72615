import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';
import { recordCheckPlugin } from './scripts/record-check-plugin.mjs';

export default defineConfig({
  test: {
    projects: [
      {
        plugins: [WxtVitest(), recordCheckPlugin()],
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
          setupFiles: ['fake-indexeddb/auto', 'tests/unit/setup-trusted-settings.ts'],
          // Not a timing check: a loaded 2-core machine stretched the conventions scan and a
          // happy-dom render past vitest's 5 s default; a test that hangs still fails.
          testTimeout: 20_000,
          // Vitest's default is one worker fewer than the cores: one on a 2-core machine, where
          // the files' imports then ran one after another (157 s; two workers: about 100 s).
          maxWorkers: Math.max(2, availableParallelism() - 1),
        },
      },
      {
        plugins: [WxtVitest(), recordCheckPlugin()],
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/support/wp-global-setup.ts'],
          setupFiles: ['fake-indexeddb/auto'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
