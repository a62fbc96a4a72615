import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';
import { recordCheckPlugin } from './scripts/record-check-plugin.mjs';

/**
 * Unit files that need a fresh module registry of their own: the CSP check of ability schemas
 * must be the first to make zod probe for `new Function` (zod caches the answer per module).
 * Every other unit file shares its worker's modules (`isolate: false`): the files' imports
 * were most of the unit phase (122 s isolated, 52 s shared, same machine, issue 38).
 */
const NEEDS_ISOLATION = [
  'tests/unit/cms/wordpress/abilities/json-schema.test.ts',
  // buildServices opens the worker's one audit log (a module-level singleton) its own way.
  'tests/unit/background/no-companion.test.ts',
];

const UNIT = {
  environment: 'node' as const,
  setupFiles: ['fake-indexeddb/auto', 'tests/unit/setup-trusted-settings.ts'],
  // Not a timing check: a loaded 2-core machine stretched the conventions scan and a
  // happy-dom render past vitest's 5 s default; a test that hangs still fails.
  testTimeout: 20_000,
  // Vitest's default is one worker fewer than the cores: one on a 2-core machine, where
  // the files' imports then ran one after another (157 s; two workers: about 100 s).
  maxWorkers: Math.max(2, availableParallelism() - 1),
};

export default defineConfig({
  test: {
    projects: [
      {
        plugins: [WxtVitest(), recordCheckPlugin()],
        test: {
          ...UNIT,
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          exclude: NEEDS_ISOLATION,
          isolate: false,
        },
      },
      {
        plugins: [WxtVitest(), recordCheckPlugin()],
        test: { ...UNIT, name: 'unit-isolated', include: NEEDS_ISOLATION },
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
