// vitest globalSetup of the `integration` project: brings up the test WordPress stack
// (scripts/wp-stack.sh up; a no-op when it is already running) and provides its seed to tests:
//
//   import { inject } from 'vitest';
//   const seed = inject('wpSeed');
//
// The stack is left running after the tests, so the next run starts in about a second.
// `npm run wp -- reset --dir .stack/test` gets a pristine seed; `down` stops it.
// Overrides: COUNTERSIGN_WP_VERSION (6.1, the default; 7.1: the stack .stack/test-7.1 on
// port + 10; 6.8: .stack/test-6.8 on port + 5), COUNTERSIGN_WP_DIR (default .stack/test),
// COUNTERSIGN_WP_PORT (default 8885).
import { execFile, spawn } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { TestProject } from 'vitest/node';
import { readWpSeed, REPO_ROOT, stackUpArgs, testStackOptions, type WpVersion } from './wp-env';

const UP_TIMEOUT_MS = 10 * 60_000; // a first run may apt-get install the Debian packages

function runStackUp(options: { dir: string; port: number; version: WpVersion }): Promise<string> {
  const script = join(REPO_ROOT, 'scripts', 'wp-stack.sh');
  const args = stackUpArgs(options);
  return new Promise((resolve, reject) => {
    const child = spawn('bash', [script, ...args], {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGTERM'), UP_TIMEOUT_MS);
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve(output);
      else
        reject(
          new Error(
            `scripts/wp-stack.sh ${args.join(' ')} failed ` +
              `(${signal ? `signal ${signal}` : `exit ${code}`}):\n${output.slice(-4000)}`,
          ),
        );
    });
  });
}

/**
 * Empties the companion plugin's tables: a server test leaves the site policy it set (second
 * approvers for live writes, say), and the e2e tests that run next on the same stack expect a
 * site without one.
 */
async function clearPluginTables(dir: string): Promise<void> {
  await promisify(execFile)('mariadb', [
    '--no-defaults',
    `--socket=${join(dir, 'mysqld.sock')}`,
    '-uroot',
    'wordpress',
    '-e',
    'DELETE FROM wp_countersign_records; DELETE FROM wp_countersign_policy; DELETE FROM wp_countersign_approvals;',
  ]);
  // A7: the audit chain goes with the records it chained (the table exists from schema 5 on).
  await promisify(execFile)('mariadb', [
    '--no-defaults',
    `--socket=${join(dir, 'mysqld.sock')}`,
    '-uroot',
    'wordpress',
    '-e',
    "DELETE FROM wp_countersign_chain; DELETE FROM wp_options WHERE option_name = 'countersign_chain_head';",
  ]).catch(() => undefined);
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const options = testStackOptions();
  const { dir, port } = options;
  const started = Date.now();
  const output = await runStackUp(options);
  const seed = readWpSeed(dir);
  if (seed.port !== port) {
    throw new Error(`${dir}/seed.json is for port ${seed.port}, expected ${port}`);
  }
  if (!seed.wpVersion.startsWith(`${options.version}.`)) {
    throw new Error(`${dir}/seed.json is WordPress ${seed.wpVersion}, expected ${options.version}`);
  }
  project.provide('wpSeed', seed);
  const headline = output.split('\n').find((l) => l.startsWith('WordPress stack')) ?? 'ready';
  console.log(
    `[wp-stack] WordPress ${seed.wpVersion} ${headline.replace(/^WordPress stack /, '')}: ` +
      `${seed.origins.primary.url} ` +
      `(+ ${seed.origins.secondary.url}), ${Date.now() - started} ms`,
  );
  return () => clearPluginTables(dir);
}
