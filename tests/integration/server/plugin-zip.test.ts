// npm run plugin:zip builds a zip WordPress can install: WordPress's own unzip_file() unpacks
// it into one countersign/ folder holding every file of the plugin, with a valid header.
import { execFile } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../support/wp-env';
import { php, seed } from './support';

const run = promisify(execFile);
const SOURCE = join(REPO_ROOT, 'server/wordpress/countersign');

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => relative(SOURCE, join(e.parentPath, e.name)))
    .sort();
}

describe('the installable zip', () => {
  it('unpacks with WordPress into countersign/ with every plugin file and its header', async () => {
    const { stdout } = await run('php', [join(REPO_ROOT, 'scripts/build-plugin-zip.php')]);
    const zip = stdout.trim();
    expect(zip).toMatch(/build\/countersign-\d+\.\d+\.\d+\.zip$/);
    const target = join(seed.dir, 'tmp', `zip-${Date.now()}`);
    const out = await php(`
      require_once ABSPATH . 'wp-admin/includes/file.php';
      require_once ABSPATH . 'wp-admin/includes/plugin.php';
      WP_Filesystem();
      $r = unzip_file(${JSON.stringify(zip)}, ${JSON.stringify(target)});
      if (is_wp_error($r)) { echo 'ERROR ', $r->get_error_message(); return; }
      $d = get_plugin_data(${JSON.stringify(target)} . '/countersign/countersign.php', false, false);
      echo json_encode(['name' => $d['Name'], 'version' => $d['Version'], 'php' => $d['RequiresPHP'], 'wp' => $d['RequiresWP'],
        'top' => array_values(array_diff(scandir(${JSON.stringify(target)}), ['.', '..']))]);`);
    const info = JSON.parse(out) as {
      name: string;
      version: string;
      php: string;
      wp: string;
      top: string[];
    };
    expect(info).toMatchObject({
      name: 'Countersign',
      php: '8.2',
      wp: '6.1',
      top: ['countersign'],
    });
    expect(zip).toContain(`countersign-${info.version}.zip`);
    const unpacked = readdirSync(join(target, 'countersign'), {
      withFileTypes: true,
      recursive: true,
    })
      .filter((e) => e.isFile())
      .map((e) => relative(join(target, 'countersign'), join(e.parentPath, e.name)))
      .sort();
    expect(unpacked).toEqual(files(SOURCE));
  });
});
