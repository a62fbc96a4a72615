// The test stack's MariaDB and the plugin's outage switch, for e2e tests of the mirror (A5).
import { execFile, spawn } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { REPO_ROOT, type WpSeed } from '../../support/wp-env';

const run = promisify(execFile);

/** Runs SQL in the stack's MariaDB; rows as arrays of strings. */
export async function siteSql(seed: WpSeed, query: string): Promise<string[][]> {
  const { stdout } = await run('mariadb', [
    '--no-defaults',
    `--socket=${join(seed.dir, 'mysqld.sock')}`,
    '-uroot',
    'wordpress',
    '-N',
    '-B',
    '-e',
    query,
  ]);
  return stdout
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => line.split('\t'));
}

/** How many of the plugin's record rows match `where`. */
export async function siteRecordCount(seed: WpSeed, where: string): Promise<number> {
  const rows = await siteSql(seed, `SELECT COUNT(*) FROM wp_countersign_records WHERE ${where}`);
  return Number(rows[0]?.[0]);
}

/**
 * Takes the site's Countersign API down: the plugin's tables are marked as needing an
 * upgrade and its upgrade lock is held by another database session, so every route answers
 * the plugin's own 503 `countersign_schema_upgrading` with `Retry-After: 5`. `restore()`
 * releases the lock; the next request finishes the (empty) upgrade and answers again.
 */
export async function takePluginDown(seed: WpSeed): Promise<{ restore: () => Promise<void> }> {
  const client = spawn(
    'mariadb',
    ['--no-defaults', `--socket=${join(seed.dir, 'mysqld.sock')}`, '-uroot', 'wordpress'],
    { stdio: ['pipe', 'ignore', 'inherit'] },
  );
  client.stdin.write("SELECT GET_LOCK('countersign_schema_wp_', 10);\n");
  // The lock first, then the mark: marked first, a request of the site could run the upgrade
  // (and clear the mark) before the lock was held, and the API would not go down at all
  // (seen under load: a record delivered while the test thought the site was down).
  const deadline = Date.now() + 15_000;
  while (
    (await siteSql(seed, "SELECT IS_USED_LOCK('countersign_schema_wp_')"))[0]?.[0] === 'NULL'
  ) {
    if (Date.now() > deadline) throw new Error("the plugin's upgrade lock was never taken");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await siteSql(
    seed,
    "UPDATE wp_options SET option_value = '0' WHERE option_name = 'countersign_schema_version'",
  );
  let restored: Promise<void> | undefined;
  return {
    restore: () =>
      (restored ??= new Promise<void>((resolve) => {
        client.once('exit', () => resolve());
        client.stdin.end("SELECT RELEASE_LOCK('countersign_schema_wp_');\n");
      })),
  };
}

/**
 * Deactivates or activates the Countersign plugin on the stack's site, as an admin would on
 * the Plugins screen (scripts/wp-stack/eval.php: WordPress loaded, no browser).
 */
export async function setCountersignPlugin(seed: WpSeed, active: boolean): Promise<void> {
  const call = active
    ? "activate_plugin('countersign/countersign.php')"
    : "deactivate_plugins('countersign/countersign.php')";
  await run('php', [
    join(REPO_ROOT, 'scripts/wp-stack/eval.php'),
    seed.dir,
    String(seed.port),
    `require_once ABSPATH . 'wp-admin/includes/plugin.php'; ${call};`,
  ]);
}
