import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { EXTENSION_DIR } from './fixtures';

/**
 * Checks that the extension was built. Each WordPress version's stack is brought up by its
 * setup project (stack.setup.ts), so only the versions whose tests run are started.
 */
export default function globalSetup(): void {
  const manifest = join(EXTENSION_DIR, 'manifest.json');
  if (!existsSync(manifest)) {
    throw new Error('The extension is not built: run `npx wxt build` (npm run test:e2e does).');
  }
}
