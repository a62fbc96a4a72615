import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { BrowserContext } from '@playwright/test';
import { REPO_ROOT, stackUpArgs, type WpVersion } from '../../../support/wp-env';
import type { DecisionGate } from './runner';
import { expectWorkerBack, stopExtensionWorker } from '../worker-stop';

const run = promisify(execFile);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * When the soak's faults may fall. Wide (`wide`): anywhere. Otherwise only while nothing is
 * in flight: every thread idle, or showing a card not yet decided. A fault waiting for that
 * moment stops new messages and decisions until it has run. Kills between a message and
 * its card, and between a decision and the thread settling, can strand a thread today
 * (issue 12 item 1, being fixed), so the short soak keeps to the quiet points.
 */
export class FaultClock implements DecisionGate {
  private holds = 0;
  private readonly acting = new Set<string>();
  private stopped = false;

  /** No more faults: one still waiting for its moment runs now. */
  stop(): void {
    this.stopped = true;
  }

  constructor(private readonly wide: boolean) {}

  async beforeAct(lane: string): Promise<void> {
    while (this.holds > 0) await sleep(50);
    this.acting.add(lane);
  }

  quiet(lane: string): void {
    this.acting.delete(lane);
  }

  /** The fault waiting for its moment now, if any: faults take turns. */
  private turn: Promise<unknown> = Promise.resolve();

  /**
   * Runs `fault` at the next moment it may fall. One fault waits at a time: a kill and the
   * WordPress restart waiting together each let their hold go on their own schedule, never
   * at once, so a lane still busy (it counts as acting) waited for both forever; seen once
   * in CI as two cards never decided and the fifth kill never coming.
   */
  atSafeMoment<T>(fault: () => Promise<T>): Promise<T> {
    if (this.wide) return fault();
    const mine = this.turn.then(() => this.whenQuiet(fault));
    this.turn = mine.catch(() => undefined);
    return mine;
  }

  private async whenQuiet<T>(fault: () => Promise<T>): Promise<T> {
    this.holds += 1;
    try {
      // A thread that stays in flight (stuck, or slow) must not hold the others: after 5 s
      // the hold is let go for a second, so they can decide their cards meanwhile.
      let since = Date.now();
      while (this.acting.size > 0 && !this.stopped) {
        if (Date.now() - since > 5_000) {
          this.holds -= 1;
          await sleep(1_000);
          this.holds += 1;
          since = Date.now();
        }
        await sleep(50);
      }
      return await fault();
    } finally {
      this.holds -= 1;
    }
  }
}

/**
 * Stops the extension's worker (Chromium's own kill of an idle or crashed worker), proven
 * stopped, and proves a new one came back (the open driver page reconnects and starts it).
 */
export async function stopWorkers(context: BrowserContext, extensionId: string): Promise<void> {
  await expectWorkerBack(context, await stopExtensionWorker(context, extensionId));
}

/**
 * Restarts WordPress: `php -S` stopped on both hosts (each leads a process group with its
 * workers), down for `downMs`, then `wp-stack.sh up` starts it again (MariaDB stays up).
 */
export async function restartWordPress(
  stack: { dir: string; port: number; version: WpVersion },
  downMs: number,
  clock: FaultClock,
): Promise<void> {
  await clock.atSafeMoment(async () => {
    for (const host of ['127.0.0.1', '127.0.0.2']) stopPhp(stack.dir, host);
  });
  // Threads go on meanwhile: their calls meet a site that is down.
  await sleep(downMs);
  await run('bash', [join(REPO_ROOT, 'scripts/wp-stack.sh'), ...stackUpArgs(stack)], {
    timeout: 120_000,
  });
}

function stopPhp(dir: string, host: string): void {
  {
    const pid = Number(readFileSync(join(dir, `php-${host}.pid`), 'utf8').trim());
    try {
      process.kill(-pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
}
