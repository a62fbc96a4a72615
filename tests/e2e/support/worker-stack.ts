// Parallel e2e workers, each on its own WordPress (playwright.config.ts runs several workers).
//
// Tests of one WordPress version share that stack's data (users, posts, options, the plugin's
// tables), so two browsers on one stack would collide. Each Playwright worker slot
// (TEST_PARALLEL_INDEX) therefore gets its own stacks: slot 0 uses the test stacks themselves
// (.stack/test, .stack/test-7.1), slot N uses `<dir>-wN` (and `<dir>-wN-7.1`) on ports of its own.
// Importing this module (fixtures.ts does) points COUNTERSIGN_WP_DIR / COUNTERSIGN_WP_PORT of
// the worker process at its slot's stacks, so every testStackOptions(process.env, version) call
// in a spec or helper, and every wp-stack.sh it runs, reaches the worker's own WordPress
// without knowing about workers. `ensureWorkerStack` brings that stack up once per worker.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import {
  REPO_ROOT,
  resolveStackDir,
  stackUpArgs,
  TEST_STACK_DIR,
  TEST_STACK_PORT,
  testStackOptions,
  WP_VERSIONS,
  type WpVersion,
} from '../../support/wp-env';

const run = promisify(execFile);
const STACK_SCRIPT = join(REPO_ROOT, 'scripts', 'wp-stack.sh');
/** A first `up` of a slot installs WordPress and seeds it (7.1 may fetch its tree): allow minutes. */
export const WORKER_STACK_UP_TIMEOUT_MS = 10 * 60_000;
/** Ports one slot takes: the 6.1 stack on its first port, 7.1 on + 10 (6.8, if any, + 5). */
const SLOT_PORT_SPAN = 20;

/** The test stacks' base directory and port before any worker override (the runner's view). */
function baseStack(env: NodeJS.ProcessEnv): { dir: string; port: number } {
  const dir = resolveStackDir(env.COUNTERSIGN_WP_DIR || TEST_STACK_DIR);
  const port = env.COUNTERSIGN_WP_PORT ? Number(env.COUNTERSIGN_WP_PORT) : TEST_STACK_PORT;
  return { dir, port };
}

/**
 * The 6.1 stack directory and port of worker slot `slot` (7.1: `<dir>-7.1`, port + 10). Slot 0
 * is the test stack itself; slot N >= 1 is `<dir>-wN` on COUNTERSIGN_WP_WORKER_PORT + 20 (N - 1)
 * (default: the test stack's port + 1000, so helpers whose test ports differ never collide).
 */
export function slotStack(env: NodeJS.ProcessEnv, slot: number): { dir: string; port: number } {
  const base = baseStack(env);
  if (slot === 0) return base;
  const first = env.COUNTERSIGN_WP_WORKER_PORT
    ? Number(env.COUNTERSIGN_WP_WORKER_PORT)
    : base.port + 1000;
  if (!Number.isInteger(first) || first < 1024 || first > 65000) {
    throw new Error(
      `COUNTERSIGN_WP_WORKER_PORT must be a port number, got "${env.COUNTERSIGN_WP_WORKER_PORT}"`,
    );
  }
  return { dir: `${base.dir}-w${slot}`, port: first + SLOT_PORT_SPAN * (slot - 1) };
}

/** This process's worker slot: TEST_PARALLEL_INDEX in a Playwright worker, else undefined. */
function workerSlot(env: NodeJS.ProcessEnv): number | undefined {
  const raw = env.TEST_PARALLEL_INDEX;
  if (raw === undefined || raw === '') return undefined;
  const slot = Number(raw);
  return Number.isInteger(slot) && slot >= 0 ? slot : undefined;
}

// In a worker, point the stack environment at the slot's stacks, once (a re-import or the
// worker's own children see the override already: COUNTERSIGN_E2E_SLOT marks it).
const slot = workerSlot(process.env);
if (slot !== undefined && slot > 0 && process.env.COUNTERSIGN_E2E_SLOT === undefined) {
  const stack = slotStack(process.env, slot);
  process.env.COUNTERSIGN_WP_DIR = stack.dir;
  process.env.COUNTERSIGN_WP_PORT = String(stack.port);
  process.env.COUNTERSIGN_E2E_SLOT = String(slot);
}

const started = new Map<WpVersion, Promise<void>>();

/**
 * Brings up this worker's stack of `version` (a no-op for slot 0, whose stacks the setup
 * projects start, and for a stack already running); once per worker process and version.
 */
export function ensureWorkerStack(version: WpVersion): Promise<void> {
  if (process.env.COUNTERSIGN_E2E_SLOT === undefined) return Promise.resolve();
  let done = started.get(version);
  if (!done) {
    const options = testStackOptions(process.env, version);
    const up = () =>
      run('bash', [STACK_SCRIPT, ...stackUpArgs(options)], {
        cwd: REPO_ROOT,
        timeout: WORKER_STACK_UP_TIMEOUT_MS,
      });
    // One more try: on a loaded machine a first install failed once (mariadb-install-db) while
    // two slots installed at once; `up` starts an interrupted install over.
    done = up()
      .catch((err: { stderr?: string; message: string }) => {
        console.error(`[e2e] ${options.dir}: up failed, trying once more:\n${err.stderr ?? ''}`);
        return up();
      })
      .then(
        () => undefined,
        (err: { stderr?: string; message: string }) => {
          started.delete(version); // the next test of this worker tries again
          throw new Error(
            `worker stack ${options.dir} (port ${options.port}) did not come up:\n` +
              `${(err.stderr ?? err.message).slice(-8000)}`,
          );
        },
      );
    started.set(version, done);
  }
  return done;
}

/** Worker slots whose stacks the teardown looks for (more than any run uses). */
const MAX_SLOTS = 8;

/**
 * Stops the stacks of worker slots 1.. that exist (playwright's global teardown): the data
 * stays, so the next run starts them warm. Slot 0's stacks are the test stacks (left as they were).
 */
export async function stopWorkerStacks(env: NodeJS.ProcessEnv): Promise<void> {
  const downs: Promise<unknown>[] = [];
  for (let n = 1; n < MAX_SLOTS; n += 1) {
    for (const version of WP_VERSIONS) {
      const { dir, port } = slotStack(env, n);
      const options = testStackOptions(
        { ...env, COUNTERSIGN_WP_DIR: dir, COUNTERSIGN_WP_PORT: String(port) },
        version,
      );
      if (!existsSync(options.dir)) continue;
      downs.push(
        run('bash', [STACK_SCRIPT, 'down', '--dir', options.dir], {
          cwd: REPO_ROOT,
          timeout: 60_000,
        }).catch((err: Error) => console.error(`[e2e] stopping ${options.dir}: ${err.message}`)),
      );
    }
  }
  await Promise.all(downs);
}
