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
// of RUNS. The requester's panel is open, so its extension picks decisions up every 3 s; the
// figure includes that wait. Figures go to test-results/bench/second-approver.json.
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
  const other = await launchWithExtension(dir);
  const postId = seed.posts.editorPost;
  const clickToWrite: number[] = [];
  try {
    await useModel(serviceWorker, model.url);
    const editor = new WpAdmin(await context.newPage(), seed);
    await editor.login('editor1');
    await editor.open('edit.php');
    const worker = other.serviceWorkers()[0] ?? (await other.waitForEvent('serviceworker'));
    const otherId = new URL(worker.url()).host;
    const admin = new WpAdmin(await other.newPage(), seed);
    await admin.login('admin');
    await admin.open('edit.php');
    const view = await other.newPage();
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
      await view.goto(`chrome-extension://${otherId}/approvals.html#${hash}`);
      const approve = view
        .getByTestId('approval-card')
        .getByRole('button', { name: 'Approve', exact: true });
      await expect(approve).toBeEnabled();
      await view.waitForTimeout(600); // the card's key guard (C7)
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
      await client.view((v) => !v.busy);
      await panel.close();
    }
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
      machine: { cpus: cpus().length, loadavg: loadavg().map((l) => Math.round(l * 10) / 10) },
    }),
  );
});
