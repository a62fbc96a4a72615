import { test, expect } from './fixtures';
import { WpAdmin } from './pages/wp-admin';
import { useModel } from './support/agent-setup';
import { takePluginDown } from './support/site-db';
import { tabIdOf } from './fixtures';
import { SoakClient, installHarness } from './support/soak/client';
import { soakConfig } from './support/soak/config';
import { FaultClock, restartWordPress, stopWorkers } from './support/soak/faults';
import { planThread, prng, soakResponder } from './support/soak/plan';
import { runStep } from './support/soak/runner';
import { auditOf, reconcile, siteRowsOf, type ThreadRun } from './support/soak/check';
import { installExcerptLog } from './support/soak/write-log';
import { startModelServer, type ModelServer } from '../support/model-server';
import { testStackOptions } from '../support/wp-env';

// Issue 16 item 1, S5, G12, A5: threads of reads, approved and rejected writes and edits
// through the real extension while its worker is stopped at random moments, WordPress is
// restarted once and the site's Countersign API is down for a while; then the extension's
// audit, the transcripts, the site's mirrored records and WordPress's own write log must
// agree. `npm run soak` runs it long (scripts/soak.sh); npm test runs this short default.
// It stops PHP and takes the plugin's routes down: it must not share a stack with other tests.
test.use({
  expectedConsoleErrors: [
    /Error: No SW$/, // a worker stopped while it starts: its chrome.* calls fail (the kill itself)
    /WordPress 50\d on /, // php restarting: logged (redacted), the tool says so
  ],
});

let model: ModelServer;
test.beforeAll(async () => {
  model = await startModelServer();
  model.setResponder(soakResponder);
});
test.afterAll(async () => model.close());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// The short run (the defaults) runs in npm test again, alone after the parallel part: with
// the decision-kill fixes (S5) and 150 s after the time for the last quiet moment a kill
// waits for, it passed 3 of 3 runs on 6.1 and 6.5 here (5 kills each, 0 lost, doubled or
// stuck). `npm run soak` (scripts/soak.sh) runs it long.
const soak = test;

soak(
  'soak: kills, a WordPress restart and the site API down; audit, transcripts, site and WordPress agree (S5, G12, A5) @both-versions @kill @long',
  async ({ context, serviceWorker, extensionId, seed, wpVersion }) => {
    const config = soakConfig();
    test.setTimeout(config.seconds * 1000 + 360_000);
    const random = prng(config.seed);
    const started = Date.now();
    const stack = testStackOptions(process.env, wpVersion);
    const run = `soak${config.seed.toString(36)}${Date.now().toString(36)}`;
    const log = installExcerptLog(stack.dir, run);
    await useModel(serviceWorker, model.url);
    const admin = new WpAdmin(await context.newPage(), seed);
    await admin.login('editor1', 'edit.php');
    const posts: number[] = await admin.page.evaluate(
      async ({ lanes, run }) => {
        const nonce = await (await fetch('/wp-admin/admin-ajax.php?action=rest-nonce')).text();
        const ids: number[] = [];
        for (let i = 0; i < lanes; i++) {
          const response = await fetch('/wp-json/wp/v2/posts', {
            method: 'POST',
            headers: { 'X-WP-Nonce': nonce, 'Content-Type': 'application/json' },
            body: JSON.stringify({ title: `Soak ${run} ${i}`, content: 'Soak.', status: 'draft' }),
          });
          ids.push(((await response.json()) as { id: number }).id);
        }
        return ids;
      },
      { lanes: config.lanes, run },
    );
    const tabId = await tabIdOf(serviceWorker, admin.page);
    const driver = await context.newPage();
    await driver.goto(`chrome-extension://${extensionId}/sidepanel.html?tabId=${tabId}`);
    await installHarness(driver);
    const note = (what: string) =>
      console.log(`soak +${((Date.now() - started) / 1000).toFixed(1)} s: ${what}`);
    driver.on('close', () => note('the driver page closed'));
    driver.on('crash', () => note('the driver page crashed'));

    const verbose = process.env.COUNTERSIGN_SOAK_VERBOSE === '1';
    // Verbose: the worker's own warnings and errors too (why a resume did not run).
    if (verbose)
      context.on('console', (message) => {
        const where = message.location().url;
        if (/^(warning|error)$/.test(message.type()) && where.includes('background'))
          note(`worker ${message.type()}: ${message.text()}`);
      });
    const clock = new FaultClock(config.wide);
    const runs: ThreadRun[] = [];
    let stopping = false;
    let kills = 0;
    let steps = 0;
    let decisions = 0;
    let resent = 0;
    let opening = Promise.resolve();
    let siteDone = false;

    async function lane(index: number): Promise<void> {
      for (let t = 0; !stopping; t++) {
        const key = `l${index}t${t}`;
        const client = new SoakClient(driver, `${run}-${key}`, tabId);
        const ops = planThread(random, key, posts[index]!, config.steps);
        const thread: ThreadRun = {
          threadId: '',
          ops,
          ran: new Map(),
          replaced: new Set(),
          unsettled: [],
          view: undefined,
        };
        // A fresh thread reuses an empty latest one: open them one at a time, each until its
        // first message is in.
        let release: () => void = () => undefined;
        const previous = opening;
        opening = new Promise<void>((resolve) => (release = resolve));
        await previous;
        const deadline = Date.now() + 60_000;
        while (!client.threadId && Date.now() < deadline) {
          await client.ensure(true);
          const view = await client.view();
          if (verbose) for (const e of await client.takeErrors()) note(`${key} opening: ${e}`);
          if (!view) await sleep(100);
          else if (runs.some((r) => r.threadId === view.threadId)) {
            // Another lane's thread, its first message not yet stored: ask again shortly.
            await client.close();
            await sleep(300);
          } else client.threadId = view.threadId;
        }
        if (!client.threadId) {
          release();
          throw new Error(`${key}: the thread never opened`);
        }
        thread.threadId = client.threadId;
        runs.push(thread);
        for (const [i, op] of ops.entries()) {
          if (stopping && i > 0) break;
          const outcome = await runStep(
            client,
            op,
            clock,
            key,
            60_000,
            release,
            verbose ? note : undefined,
          );
          thread.ran.set(op.id, outcome.decisions);
          release();
          steps += 1;
          if (verbose)
            note(
              `${op.id} ${op.kind}: ${outcome.settled ? 'settled' : `NOT settled ${outcome.why}`}`,
            );
          decisions += outcome.decisions;
          resent += Math.max(0, outcome.sends - 1);
          if (op.kind === 'edit') thread.replaced.add(ops[i - 1]!.id);
          if (!outcome.settled) {
            thread.unsettled.push(`${op.id}: ${outcome.why}`);
            break;
          }
        }
        thread.view = await client.view();
      }
    }

    async function killer(): Promise<void> {
      const gap = (config.seconds * 1000) / (config.kills + 1);
      while (!stopping && kills < config.kills) {
        await sleep(gap * (0.5 + 0.5 * random()));
        if (stopping) break;
        await clock.atSafeMoment(() => stopWorkers(context, extensionId));
        kills += 1;
        if (config.kills <= 20 || kills % 50 === 0) note(`kill ${kills}`);
      }
    }

    // The site's Countersign API down (the plugin's own 503) from 10 % to 35 % of the time,
    // then WordPress restarted at 50 % (wp-stack.sh up after php stopped: it restarts MariaDB
    // too, which would end the outage early, so the two do not overlap).
    async function siteFaults(): Promise<void> {
      const ms = config.seconds * 1000;
      await sleep(ms * 0.1);
      const down = await takePluginDown(seed);
      note('the site API is down');
      await sleep(ms * 0.25);
      await down.restore();
      note('the site API is back');
      await sleep(ms * 0.15);
      await restartWordPress(stack, 1_500, clock);
      note('WordPress restarted');
      siteDone = true;
    }

    const faults = Promise.all([killer(), siteFaults()]);
    const lanes = Promise.all(Array.from({ length: config.lanes }, (_, i) => lane(i)));
    const until = Date.now() + config.seconds * 1000;
    await Promise.race([
      (async () => {
        while (Date.now() < until && (kills < config.kills || !siteDone)) await sleep(200);
        // A fixed count of kills and the site's faults: the last may come after the time
        // (each waits for a quiet moment, rarer on a slow machine: seen 3 of 5 kills by 30 s).
        while (Date.now() < until + 150_000 && (kills < config.kills || !siteDone))
          await sleep(200);
      })(),
      lanes,
    ]);
    stopping = true;
    clock.stop();
    await Promise.all([faults, lanes]);
    const activity = Date.now() - started;

    // Each thread's final view, read again on a live worker.
    for (const thread of runs) {
      const client = new SoakClient(driver, `${run}-final-${thread.threadId}`, tabId);
      client.threadId = thread.threadId;
      for (let i = 0; i < 50 && !(await client.view()); i++) await sleep(100);
      thread.view = await client.view();
    }
    const threads = runs.map((r) => r.threadId);
    // The mirror sends on its own once the site is back; wait until nothing is left behind.
    let audit = await auditOf(driver, threads);
    let site = await siteRowsOf(seed, threads);
    const drainBy = Date.now() + 120_000;
    while (Date.now() < drainBy) {
      audit = await auditOf(driver, threads);
      site = await siteRowsOf(seed, threads);
      const synced = new Map(site.map((r) => [r.id, r.version]));
      if (audit.every((r) => synced.get(r.id) === r.version)) break;
      await sleep(1_000);
    }
    const tally = reconcile(runs, audit, site, log.writes);
    log.remove();
    const writes = runs.flatMap((r) => r.ops).filter((op) => op.excerpt);
    const counts = {
      seed: config.seed,
      wide: config.wide,
      version: wpVersion,
      threads: runs.length,
      steps,
      calls: audit.length,
      approvals: audit.filter((r) => r.tool === 'wp_update_post' && r.status === 'run').length,
      rejections: audit.filter((r) => r.status === 'rejected').length,
      decisions,
      resent,
      kills,
      lost: tally.lost,
      doubled: tally.doubled,
      stuck: tally.stuck,
      failedSaid: tally.failedSaid,
      writesPlanned: writes.length,
      duration: `${Math.round(activity / 1000)} s (+${Math.round((Date.now() - started - activity) / 1000)} s to drain and check)`,
    };
    console.log(`soak: ${JSON.stringify(counts)}`);
    if (tally.problems.length)
      console.log(`soak problems (seed ${config.seed}):\n${tally.problems.join('\n')}`);
    expect(kills, 'workers stopped').toBe(config.kills);
    expect(decisions, 'cards decided').toBeGreaterThan(0);
    expect(tally.problems, `seed ${config.seed}`).toEqual([]);
  },
);
