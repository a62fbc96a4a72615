import { test as base } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import {
  REPO_ROOT,
  readWpSeed,
  stackUpArgs,
  testStackOptions,
  type WpVersion,
} from '../support/wp-env';

const test = base.extend<{ wpVersion: WpVersion }>({ wpVersion: ['6.1', { option: true }] });

/**
 * The setup project of each WordPress version (playwright.config.ts): brings up that version's
 * test stack (a no-op when it runs already), so a version's stack starts only when its tests run.
 */
test('WordPress test stack is up', async ({ wpVersion }) => {
  test.setTimeout(10 * 60_000); // a first run may apt-get install packages or fetch WordPress 7.1
  const options = testStackOptions(process.env, wpVersion);
  execFileSync('bash', [join(REPO_ROOT, 'scripts/wp-stack.sh'), ...stackUpArgs(options)], {
    stdio: ['ignore', 'ignore', 'inherit'],
    timeout: 10 * 60_000,
  });
  const seed = readWpSeed(options.dir);
  if (!seed.wpVersion.startsWith(`${wpVersion}.`)) {
    throw new Error(`${options.dir} runs WordPress ${seed.wpVersion}, expected ${wpVersion}`);
  }
});
