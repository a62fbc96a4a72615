import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, expect } from './fixtures';
import { WpAdmin } from './pages/wp-admin';
import { ThreadPanel } from './pages/thread-panel';
import { useModel } from './support/agent-setup';
import { block, startModelServer, turn, type ModelServer } from '../support/model-server';
import { REPO_ROOT, stackUpArgs, testStackOptions } from '../support/wp-env';

// Issue 16 item 3, WordPress's rows of the fault matrix (docs/faults.md): a 500 in the
// middle of a thread, WordPress down (php stopped), and the person signed out, each in the
// person's words, and the same thread goes on once the site is back.
test.use({ expectedConsoleErrors: [/WordPress 500 on /] });

let model: ModelServer;
test.beforeAll(async () => {
  model = await startModelServer();
});
test.afterAll(async () => model.close());

/** A must-use plugin that answers every REST search with a database error (HTTP 500). */
const FAULT_PLUGIN = `<?php
add_filter('rest_pre_dispatch', function ($result, $server, $request) {
  if ($request->get_param('search') === null) return $result;
  return new WP_Error('db_down', 'Error establishing a database connection (secret-db-pass)', ['status' => 500]);
}, 10, 3);
`;

/** The model searches, then answers `text` once the search's result is (not) an error. */
function searchThen(id: string, isError: boolean, text: string) {
  return [
    turn.reply([block.toolUse('wp_search_content', { query: 'hello' }, id)]),
    turn.text(text, { match: { toolResultFor: id, toolResultIsError: isError } }),
  ];
}

test('WordPress 500, WordPress down and signed out mid-thread: each said plainly, and the thread goes on (S5)', async ({
  context,
  serviceWorker,
  extensionId,
  seed,
  wpVersion,
}, info) => {
  test.setTimeout(240_000);
  const stack = testStackOptions(process.env, wpVersion);
  const plugin = join(stack.dir, 'www/wp-content/mu-plugins/countersign-fault.php');
  model.setScript([
    turn.reply([block.toolUse('wp_search_content', { query: 'hello' }, 'toolu_500')]),
    turn.text('The site could not search.', {
      match: { toolResultFor: 'toolu_500', toolResultIsError: true },
    }),
    turn.reply([block.toolUse('wp_search_content', { query: 'hello' }, 'toolu_ok')]),
    turn.text('Found it now.', { match: { toolResultFor: 'toolu_ok', toolResultIsError: false } }),
    ...searchThen('toolu_down', true, 'The site is down.'),
    ...searchThen('toolu_back', false, 'The site is back.'),
    ...searchThen('toolu_out', true, 'You seem signed out.'),
    ...searchThen('toolu_in', false, 'Signed in again.'),
  ]);
  await useModel(serviceWorker, model.url);
  const admin = new WpAdmin(await context.newPage(), seed);
  await admin.login('editor1');
  const panel = await ThreadPanel.open(context, serviceWorker, extensionId, admin.page);
  const log = panel.page.getByRole('log', { name: 'Thread' });
  const answer = panel.page.locator('.msg-assistant').last();

  // 1. A 500: the tool says so in words, the body (with its secret) is never shown.
  writeFileSync(plugin, FAULT_PLUGIN);
  try {
    await panel.ask('Search for hello');
    await expect(answer).toContainText('The site could not search.', { timeout: 30_000 });
    await expect(log).toContainText('WordPress answered with a server error (HTTP 500).');
    await expect(log).not.toContainText('secret-db-pass');
  } finally {
    rmSync(plugin, { force: true });
  }
  await panel.ask('Search again');
  await expect(answer).toContainText('Found it now.', { timeout: 30_000 });

  // 2. WordPress down: php stopped on both hosts.
  for (const host of ['127.0.0.1', '127.0.0.2']) {
    const pid = Number(readFileSync(join(stack.dir, `php-${host}.pid`), 'utf8').trim());
    process.kill(-pid, 'SIGTERM'); // php -S leads a process group with its workers
  }
  try {
    await panel.ask('Anything new?');
    await expect(answer).toContainText('The site is down.', { timeout: 30_000 });
    await expect(log).toContainText('WordPress could not be reached. Check the connection');
    await panel.shot(info.outputPath('wordpress-down.png'));
  } finally {
    execFileSync('bash', [join(REPO_ROOT, 'scripts/wp-stack.sh'), ...stackUpArgs(stack)], {
      stdio: ['ignore', 'ignore', 'inherit'],
      timeout: 120_000,
    });
  }
  await panel.ask('It is back up');
  await expect(answer).toContainText('The site is back.', { timeout: 30_000 });

  // 3. Signed out: the session cookies are gone.
  await context.clearCookies();
  await panel.ask('And now?');
  await expect(answer).toContainText('You seem signed out.', { timeout: 30_000 });
  await expect(log).toContainText(
    'You are signed out of WordPress. Sign in again in the admin tab',
  );
  await panel.shot(info.outputPath('signed-out.png'));
  await admin.login('editor1');
  await panel.ask('I signed in again');
  await expect(answer).toContainText('Signed in again.', { timeout: 30_000 });
  model.assertDone();
});
