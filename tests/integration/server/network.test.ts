// The companion plugin on a multisite network (issue 33 item 6, P7): network activation sets up
// every site (and the sites created later), a deleted site takes all its Countersign tables
// along, and uninstall runs on every site, each keeping its own "delete the data" choice.
// The network is real WordPress: a copy of the stack's tree (hard links, fresh wp-config and
// plugin) installed as a subdirectory network with tables wn_* in the stack's database, and
// driven from PHP on the command line (the stack's web server serves one site only).
import { execFile } from 'node:child_process';
import { cpSync, linkSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../support/wp-env';
import { seed, sql } from './support';

const run = promisify(execFile);
const PLUGIN = 'countersign/countersign.php';
const NET = join(seed.dir, 'network');
const TABLES = ['records', 'policy', 'approvals', 'chain'] as const;

/** PHP with the network loaded (`install`: the single site before the network exists). */
async function ms(code: string, phase: 'install' | 'run' = 'run'): Promise<string> {
  const script = join(REPO_ROOT, 'tests/support/network/ms-eval.php');
  const { stdout } = await run('php', [script, NET, phase, code]);
  return stdout.trim();
}

/** The Countersign tables a site of the network holds (blog 1 has the bare prefix). */
async function tablesOf(blog: number): Promise<string[]> {
  const prefix = blog === 1 ? 'wn_' : `wn_${blog}_`;
  const rows = await sql(`SHOW TABLES LIKE '${prefix}countersign\\_%'`);
  return rows
    .map(([name]) => (name ?? '').slice(prefix.length + 'countersign_'.length))
    .filter((name) => (TABLES as readonly string[]).includes(name))
    .sort();
}

/** Per site: the administrator's two capabilities and the purge's cron job. */
async function setUpOn(blog: number): Promise<string> {
  return ms(`
    switch_to_blog(${blog});
    $role = get_role('administrator');
    echo (int) $role->has_cap('countersign_read_audit'), (int) $role->has_cap('countersign_manage_policy'),
      ':', wp_next_scheduled('countersign_purge') ? 'cron' : 'nocron';
    restore_current_blog();`);
}

/** Hard-links a tree (files linked, directories made), skipping names at its top. */
function linkTree(from: string, to: string, skip: Set<string>): void {
  mkdirSync(to, { recursive: true });
  for (const name of readdirSync(from)) {
    if (skip.has(name)) continue;
    const source = join(from, name);
    if (statSync(source).isDirectory()) linkTree(source, join(to, name), new Set());
    else linkSync(source, join(to, name));
  }
}

/** A fresh network: its own tree, config and tables, the checkout's plugin (inactive). */
async function freshNetwork(): Promise<void> {
  const www = join(seed.dir, 'www');
  const dbHost = /define\('DB_HOST', '([^']+)'\)/.exec(
    readFileSync(join(www, 'wp-config.php'), 'utf8'),
  )?.[1];
  if (!dbHost) throw new Error(`no DB_HOST in ${www}/wp-config.php`);
  rmSync(NET, { recursive: true, force: true });
  linkTree(www, NET, new Set(['second', 'wp-config.php']));
  // Unlinked, then written: the links share their files with the stack's own tree.
  rmSync(join(NET, 'wp-content/mu-plugins'), { recursive: true, force: true });
  rmSync(join(NET, 'wp-content/plugins/countersign'), { recursive: true, force: true });
  cpSync(
    join(REPO_ROOT, 'server/wordpress/countersign'),
    join(NET, 'wp-content/plugins/countersign'),
    {
      recursive: true,
    },
  );
  writeFileSync(
    join(NET, 'wp-config.php'),
    `<?php
define('DB_NAME', 'wordpress');
define('DB_USER', 'wp');
define('DB_PASSWORD', 'wp');
define('DB_HOST', '${dbHost}');
define('DB_CHARSET', 'utf8mb4');
define('DB_COLLATE', '');
require '${join(www, 'wp-salts.php')}';
$table_prefix = 'wn_';
define('WP_ALLOW_MULTISITE', true);
if (getenv('COUNTERSIGN_NETWORK_PHASE') !== 'install') {
    define('MULTISITE', true);
    define('SUBDOMAIN_INSTALL', false);
    define('DOMAIN_CURRENT_SITE', 'network.test');
    define('PATH_CURRENT_SITE', '/');
    define('SITE_ID_CURRENT_SITE', 1);
    define('BLOG_ID_CURRENT_SITE', 1);
}
define('WP_DEBUG', true);
define('WP_DEBUG_DISPLAY', false);
define('WP_DEBUG_LOG', '${join(NET, 'debug.log')}');
define('DISABLE_WP_CRON', true);
define('WP_HTTP_BLOCK_EXTERNAL', true);
define('AUTOMATIC_UPDATER_DISABLED', true);
if (!defined('ABSPATH')) define('ABSPATH', __DIR__ . '/');
require_once ABSPATH . 'wp-settings.php';
`,
  );
  const old = (await sql("SHOW TABLES LIKE 'wn\\_%'")).map(([name]) => `\`${name}\``);
  if (old.length) await sql(`DROP TABLE ${old.join(', ')}`);
  const installed = await ms(
    `
    require_once ABSPATH . 'wp-admin/includes/upgrade.php';
    require_once ABSPATH . 'wp-admin/includes/network.php';
    $r = wp_install('Network', 'netadmin', 'netadmin@network.test', true, '', 'net-pass');
    if (is_wp_error($r)) { echo 'install: ', $r->get_error_message(); return; }
    define('WP_INSTALLING_NETWORK', true);
    global $wpdb; // as wp-admin/network.php does: name the network's own tables first
    foreach ($wpdb->tables('ms_global') as $table => $prefixed) { $wpdb->$table = $prefixed; }
    install_network();
    $n = populate_network(1, 'network.test', 'netadmin@network.test', 'Network', '/', false);
    echo is_wp_error($n) ? 'network: ' . $n->get_error_message() : 'ok';`,
    'install',
  );
  expect(installed).toBe('ok');
  expect(await ms('echo is_multisite() ? get_current_blog_id() : "single";')).toBe('1');
}

/** Creates a site of the network; its blog id. */
async function addSite(path: string): Promise<number> {
  const out = await ms(`
    $id = wp_insert_site(['domain' => 'network.test', 'path' => '${path}', 'user_id' => 1, 'title' => '${path}']);
    echo is_wp_error($id) ? 'error: ' . $id->get_error_message() : $id;`);
  expect(out).toMatch(/^\d+$/);
  return Number(out);
}

describe('the plugin on a multisite network (P7)', () => {
  let before: number;
  let later: number;

  beforeAll(async () => {
    await freshNetwork();
    before = await addSite('/before/');
    expect(await ms(`echo (int) activate_plugin('${PLUGIN}', '', true);`)).toBe('0');
    expect(await ms(`echo (int) is_plugin_active_for_network('${PLUGIN}');`)).toBe('1');
  }, 120_000);

  afterAll(async () => {
    // The network's tables go; its tree stays under the stack dir until the next run.
    const tables = (await sql("SHOW TABLES LIKE 'wn\\_%'")).map(([name]) => `\`${name}\``);
    if (tables.length) await sql(`DROP TABLE ${tables.join(', ')}`);
  });

  it('network activation sets up every site that exists: tables, capabilities, cron', async () => {
    for (const blog of [1, before]) {
      expect(await tablesOf(blog)).toEqual([...TABLES].sort());
      expect(await setUpOn(blog)).toBe('11:cron');
    }
  });

  it('a site created after network activation is set up the same way', async () => {
    later = await addSite('/later/');
    expect(await tablesOf(later)).toEqual([...TABLES].sort());
    expect(await setUpOn(later)).toBe('11:cron');
  });

  it('a deleted site takes every Countersign table along, the chain included', async () => {
    const gone = await addSite('/gone/');
    expect(await tablesOf(gone)).toEqual([...TABLES].sort());
    expect(
      await ms(
        `$r = wp_delete_site(${gone}); echo is_wp_error($r) ? $r->get_error_message() : 'deleted';`,
      ),
    ).toBe('deleted');
    expect(await tablesOf(gone)).toEqual([]);
  });

  it('uninstall runs on every site: capabilities and cron go everywhere, data only where asked', async () => {
    // Only the site created later asked for its data to go.
    await ms(
      `switch_to_blog(${later}); update_option('countersign_remove_data_on_uninstall', true); restore_current_blog();`,
    );
    expect(
      await ms(`
        deactivate_plugins('${PLUGIN}', false, true);
        uninstall_plugin('${PLUGIN}');
        echo (int) is_plugin_active_for_network('${PLUGIN}');`),
    ).toBe('0');
    for (const blog of [1, before, later]) expect(await setUpOn(blog)).toBe('00:nocron');
    expect(await tablesOf(1)).toEqual([...TABLES].sort());
    expect(await tablesOf(before)).toEqual([...TABLES].sort());
    expect(await tablesOf(later)).toEqual([]);
  });
});
