import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT, testStackOptions, readWpSeed } from '../support/wp-env';
import { EXTENSION_DIR } from './fixtures';

/** Brings up the test WordPress stack and checks that the extension was built. */
export default function globalSetup(): void {
  const manifest = join(EXTENSION_DIR, 'manifest.json');
  if (!existsSync(manifest)) {
    throw new Error('The extension is not built: run `npx wxt build` (npm run test:e2e does).');
  }
  const { dir, port } = testStackOptions();
  execFileSync(
    'bash',
    [join(REPO_ROOT, 'scripts/wp-stack.sh'), 'up', '--dir', dir, '--port', String(port)],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
      timeout: 10 * 60_000,
    },
  );
  readWpSeed(dir);
}
