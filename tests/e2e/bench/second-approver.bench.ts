import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { test, expect, launchWithExtension } from '../fixtures';
import { WpAdmin } from '../pages/wp-admin';
import { openThread, useModel } from '../support/agent-setup';
import { siteSql } from '../support/site-db';
import { REPO_ROOT } from '../../support/wp-env';
import { block, startModelServer, turn } from '../../support/model-server';

// Issue 14's figure: from the second approver's click on Approve (in their own browser
// profile's approvals view) to the change in WordPress (the post's title in MariaDB), median
// of RUNS, split at the moment the site stored the decision (its `decided_at`), beside its floor
// measured in the same run: the same change written by plain REST from the requester's page.
// The requester's panel is open, so its extension picks decisions up every 3 s; the figure
// includes that wait. Figures go to test-results/bench/second-approver.json; nothing here
// asserts a time.
const RUNS = Number(process.env['COUNTERSIGN_BENCH_APPROVER_RUNS'] ?? 5);
const OUT = join(REPO_ROOT, 'test-results/bench/second-approver.json');
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

test('approver click to the change in WordPress (issue 14 bench)', async ({
  context,
  serviceWorker,
  extensionId,
  seed,
}) => {
  test.setTimeout(30 * 60_000);
  const model = await startModelServer();
  const rows = await siteSql(seed, 'SELECT COALESCE(MAX(version), 0) FROM wp_countersign_policy');
  const version = Number(rows[0]?.[0]) + 1;
  await siteSql(
    seed,
    `INSERT INTO wp_countersign_policy (version, policy, approvals, user_id, created_at, record_id) VALUES (${version}, '{}', '{"classes":{"live-write":{}}}', ${seed.users.admin.id}, ${Date.now()}, 'bench-approvals-${version}')`,
  );
  const dir = mkdtempSync(join(tmpdir(), 'countersign-bench-approver-'));
  const other = await launchWithExtension(dir, false, 'no-preference');
  const postId = seed.posts.editorPost;
  const clickToWrite: number[] = [];
  const clickToDecided: number[] = [];
  const restMs: number[] = [];
  try {
    await useModel(serviceWorker, model.url);
    const editor = new WpAdmin(await context.newPage(), seed);
    await editor.login('editor1', 'edit.php');
    const worker = other.serviceWorkers()[0] ?? (await other.waitForEvent('serviceworker'));
    const otherId = new URL(worker.url()).host;
    const admin = new WpAdmin(await other.newPage(), seed);
    await admin.login('admin', 'edit.php');
    for (let run = 0; run < RUNS; run += 1) {
      const title = `Bench countersigned ${Date.now()}-${run}`;
      model.setScript([
        turn.reply([
          block.toolUse('wp_update_post', { type: 'post', id: postId, title }, `t${run}`),
        ]),
        turn.text('Done.', { match: { toolResultFor: `t${run}` } }),
      ]);
      const { client, threadId, panel } = await openThread(
        context,
        serviceWorker,
        extensionId,
        editor.page,
      );
      await client.send({ type: 'message-send', threadId, text: 'Rename it' });
      const waiting = await client.view((v) =>
        v.items.some((i) => i.kind === 'approval' && i.card.secondApprover?.status === 'waiting'),
      );
      const item = waiting.items.find((i) => i.kind === 'approval');
      if (item?.kind !== 'approval') throw new Error('no card');
      const hash = new URLSearchParams({
        site: seed.origins.primary.restRoot,
        id: item.card.recordId,
      });
      // A fresh view per run, as a notification click opens (a hash change alone keeps the
      // view on the call it shows).
      const view = await other.newPage();
      await view.goto(`chrome-extension://${otherId}/approvals.html#${hash}`);
      const approve = view
        .getByTestId('approval-card')
        .getByRole('button', { name: 'Approve', exact: true });
      await expect(approve).toHaveAttribute('aria-disabled', 'false', { timeout: 30_000 });
      const clicked = Date.now();
      await approve.click();
      await expect
        .poll(
          async () =>
            (await siteSql(seed, `SELECT post_title FROM wp_posts WHERE ID = ${postId}`))[0]?.[0],
          { timeout: 60_000, intervals: [50] },
        )
        .toBe(title);
      clickToWrite.push(Date.now() - clicked);
      const [[decidedAt]] = await siteSql(
        seed,
        `SELECT decided_at FROM wp_countersign_approvals WHERE id = '${item.card.recordId}'`,
      );
      clickToDecided.push(Number(decidedAt) - clicked);
      await client.view((v) => !v.busy);
      await panel.close();
      await view.close();
    }
    model.assertDone();
    // The floor: the same change (the title) by plain REST from the requester's page.
    const floor = await editor.page.evaluate(
      async ({ postId, runs }) => {
        const nonce = await fetch('/wp-admin/admin-ajax.php?action=rest-nonce').then((r) =>
          r.text(),
        );
        const times: number[] = [];
        for (let run = 0; run < runs; run++) {
          const started = performance.now();
          const response = await fetch(`/wp-json/wp/v2/posts/${postId}?context=edit`, {
            method: 'POST',
            headers: { 'X-WP-Nonce': nonce, 'Content-Type': 'application/json' },
            body: JSON.stringify({ title: `REST floor ${run} ${Date.now()}` }),
          });
          await response.json();
          times.push(performance.now() - started);
        }
        return times;
      },
      { postId, runs: RUNS },
    );
    restMs.push(...floor);
  } finally {
    await other.close();
    rmSync(dir, { recursive: true, force: true });
    await siteSql(seed, `DELETE FROM wp_countersign_policy WHERE version = ${version}`);
    await model.close();
  }
  mkdirSync(dirname(OUT), { recursive: true });
  writeFileSync(
    OUT,
    JSON.stringify({
      wpVersion: seed.wpVersion,
      runs: RUNS,
      clickToWriteMs: clickToWrite,
      medianMs: median(clickToWrite),
      clickToDecidedMs: clickToDecided,
      decidedMedianMs: median(clickToDecided),
      restPostMs: restMs.map(Math.round),
      restMedianMs: Math.round(median(restMs)),
      machine: { cpus: cpus().length, loadavg: loadavg().map((l) => Math.round(l * 10) / 10) },
    }),
  );
});
