import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LOOPBACK_MATCHES } from '../../scripts/loopback-manifest.mjs';
import { EXTENSION_DIR } from './fixtures';

/**
 * Checks that the extension was built, as a test build: the stacks are on loopback hosts,
 * which only a test or development build reaches without asking. Each WordPress version's stack is brought up by its
 * setup project (stack.setup.ts), so only the versions whose tests run are started.
 */
export default function globalSetup(): void {
  const manifest = join(EXTENSION_DIR, 'manifest.json');
  if (!existsSync(manifest)) {
    throw new Error(
      'The extension is not built: run `npm run build:test` (npm run test:e2e does).',
    );
  }
  const granted: unknown = JSON.parse(readFileSync(manifest, 'utf8')).host_permissions;
  if (!LOOPBACK_MATCHES.every((m) => Array.isArray(granted) && granted.includes(m))) {
    throw new Error(
      'The extension was built for production (no loopback hosts): run `npm run build:test` ' +
        '(COUNTERSIGN_LOOPBACK=1 npx wxt build) before the end-to-end tests.',
    );
  }
}
