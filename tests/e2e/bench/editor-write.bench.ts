import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { test, expect } from '../fixtures';
import { ThreadPanel } from '../pages/thread-panel';
import { WpAdmin } from '../pages/wp-admin';
import { useModel } from '../support/agent-setup';
import { createPost, paragraph } from '../support/block-editor';
import { REPO_ROOT, testStackOptions } from '../../support/wp-env';
import { block, startModelServer, turn, type ScriptTurn } from '../../support/model-server';

// Issue 11's figure: from the person's click on Approve to the open block editor holding
// the approved title and content (E1), median of RUNS, beside its floor measured in the same
// run: the same title + content written by plain REST from the editor's page. Figures go to
// test-results/bench/editor-write.json; nothing here asserts a time.
const RUNS = Number(process.env['COUNTERSIGN_BENCH_EDITOR_RUNS'] ?? 9);
const OUT = join(REPO_ROOT, 'test-results/bench/editor-write.json');

type Wp = {
  data: {
    select(store: string): Record<string, (...args: unknown[]) => unknown>;
    subscribe(listener: () => void): () => void;
  };
};
type Marks = { approvedAt?: number; shownAt?: number; want?: string };

/** The panel notes the Approve click itself (capture phase, before any handler). */
async function markApproveClicks(panel: ThreadPanel): Promise<void> {
  await panel.page.evaluate(() => {
    const w = window as unknown as { __bench: Marks };
    w.__bench = {};
    document.addEventListener(
      'click',
      (event) => {
        const button = (event.target as Element | null)?.closest('button');
        if (button?.textContent?.trim() === 'Approve') w.__bench.approvedAt = Date.now();
      },
      true,
    );
  });
}

/** When the person last clicked Approve in the panel (epoch ms). */
function lastApproveClick(panel: ThreadPanel): Promise<number | undefined> {
  return panel.page.evaluate(() => (window as unknown as { __bench: Marks }).__bench.approvedAt);
}

/** Writes a bench's figures with the number of runs and the machine they were taken on. */
function writeFigures(path: string, figures: Record<string, unknown>): void {
  const machine = { cpus: cpus().length, loadavg: loadavg().map((v) => Math.round(v * 10) / 10) };
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, JSON.stringify({ ...figures, runs: RUNS, machine }, null, 2));
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

test('approve click to change visible in the open editor (issue 11 bench)', async ({
  context,
  serviceWorker,
  extensionId,
  seed,
}) => {
  test.setTimeout(30 * 60_000);
  const model = await startModelServer();
  try {
    const admin = new WpAdmin(await context.newPage(), seed);
    await admin.login('editor1');
    const id = await createPost(admin.page, { title: 'Bench post', content: paragraph('Start.') });
    const scratch = await createPost(admin.page, { title: 'REST floor', content: paragraph('.') });
    const change = (run: number) => ({
      title: `Bench title ${run} ${Date.now()}`,
      content: paragraph(`Bench words of run ${run}.`),
    });
    const changes = Array.from({ length: RUNS }, (_, run) => change(run));
    const script: ScriptTurn[] = changes.flatMap((values, run) => [
      turn.reply([
        block.toolUse('wp_update_post', { type: 'post', id, ...values }, `toolu_b${run}`),
      ]),
      turn.text(`Done ${run}.`, { match: { toolResultFor: `toolu_b${run}` } }),
    ]);
    model.setScript(script);
    await useModel(serviceWorker, model.url);
    await admin.editPost(id);
    // The editor page notes when its store first holds the wanted title (the canvas renders
    // from it); the panel notes the Approve click itself (capture phase, before any handler).
    await admin.page.evaluate(() => {
      const w = window as unknown as { wp: Wp; __bench: Marks };
      w.__bench = {};
      w.wp.data.subscribe(() => {
        const marks = w.__bench;
        if (!marks.want || marks.shownAt !== undefined) return;
        const editor = w.wp.data.select('core/editor');
        if (editor.getEditedPostAttribute!('title') === marks.want) marks.shownAt = Date.now();
      });
    });
    const panel = await ThreadPanel.open(context, serviceWorker, extensionId, admin.page);
    await markApproveClicks(panel);

    const approveMs: number[] = [];
    for (const [run, values] of changes.entries()) {
      await admin.page.evaluate((want) => {
        (window as unknown as { __bench: Marks }).__bench = { want };
      }, values.title);
      await panel.ask(`Bench change ${run}`);
      await expect(panel.card).toBeVisible({ timeout: 30_000 });
      await panel.approve();
      await expect(panel.page.getByText(`Done ${run}.`)).toBeVisible({ timeout: 30_000 });
      const shownAt = await admin.page.evaluate(
        () => (window as unknown as { __bench: Marks }).__bench.shownAt,
      );
      const approvedAt = await lastApproveClick(panel);
      expect(shownAt, `run ${run}: the editor never held the title`).toBeDefined();
      approveMs.push(shownAt! - approvedAt!);
    }
    model.assertDone();

    // The floor: the same write by plain REST from the editor's page (cookie + nonce).
    const restMs = await admin.page.evaluate(
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
            body: JSON.stringify({
              title: `REST floor ${run}`,
              content: `<!-- wp:paragraph -->\n<p>Floor ${run}.</p>\n<!-- /wp:paragraph -->`,
            }),
          });
          await response.json();
          times.push(performance.now() - started);
        }
        return times;
      },
      { postId: scratch, runs: RUNS },
    );

    writeFigures(OUT, {
      wpVersion: seed.wpVersion,
      approveToEditorMs: approveMs.map(Math.round),
      medianMs: Math.round(median(approveMs)),
      restPostMs: restMs.map(Math.round),
      restMedianMs: Math.round(median(restMs)),
    });
  } finally {
    await model.close();
  }
});

// Issue 35's figure: from the click on Approve to WordPress holding the change, with no editor
// open (the person on the post list), median of RUNS, beside its floor measured in the same
// run: one GET and one POST of the same fields by plain REST from the same admin page (the
// reads Countersign needs on approve: the entry as it is now, G13, then the write). WordPress
// says when it stored each write: a must-use plugin notes the time of `rest_after_insert_post`.
const STORED_LOG = 'countersign-bench-stored.log';
const STORED_PLUGIN = `<?php
add_action('rest_after_insert_post', function ($post) {
  file_put_contents(WP_CONTENT_DIR . '/${STORED_LOG}', $post->ID . ' ' . sprintf('%.3f', microtime(true) * 1000) . ' ' . $post->post_title . "\\n", FILE_APPEND | LOCK_EX);
});
`;
const APPROVE_OUT = join(REPO_ROOT, 'test-results/bench/approve-write.json');

test('approve click to the change stored in WordPress, no editor open (issue 35 bench)', async ({
  context,
  serviceWorker,
  extensionId,
  seed,
  wpVersion,
}) => {
  test.setTimeout(30 * 60_000);
  const content = join(testStackOptions(process.env, wpVersion).dir, 'www/wp-content');
  const plugin = join(content, 'mu-plugins/countersign-bench-stored.php');
  const log = join(content, STORED_LOG);
  rmSync(log, { force: true });
  writeFileSync(plugin, STORED_PLUGIN);
  const storedAt = (title: string): number | undefined => {
    if (!existsSync(log)) return undefined;
    const line = readFileSync(log, 'utf8')
      .split('\n')
      .find((l) => l.endsWith(` ${title}`));
    return line ? Number(line.split(' ')[1]) : undefined;
  };
  const model = await startModelServer();
  try {
    const admin = new WpAdmin(await context.newPage(), seed);
    await admin.login('editor1');
    const id = await createPost(admin.page, { title: 'Bench post', content: paragraph('Start.') });
    const scratch = await createPost(admin.page, { title: 'REST floor', content: paragraph('.') });
    const titles = Array.from({ length: RUNS }, (_, run) => `Bench rename ${run} ${Date.now()}`);
    model.setScript(
      titles.flatMap((title, run) => [
        turn.reply([block.toolUse('wp_update_post', { type: 'post', id, title }, `toolu_a${run}`)]),
        turn.text(`Renamed ${run}.`, { match: { toolResultFor: `toolu_a${run}` } }),
      ]),
    );
    await useModel(serviceWorker, model.url);
    await admin.open('edit.php');
    const panel = await ThreadPanel.open(context, serviceWorker, extensionId, admin.page);
    await markApproveClicks(panel);
    const approveMs: number[] = [];
    for (const [run, title] of titles.entries()) {
      await panel.ask(`Rename it, run ${run}`);
      await expect(panel.card).toBeVisible({ timeout: 30_000 });
      await panel.approve();
      await expect(panel.page.getByText(`Renamed ${run}.`)).toBeVisible({ timeout: 30_000 });
      const approvedAt = await lastApproveClick(panel);
      const stored = storedAt(title);
      expect(stored, `run ${run}: WordPress never stored the title`).toBeDefined();
      approveMs.push(stored! - approvedAt!);
    }
    model.assertDone();

    // The floor: the entry read for edit, then the same field written, from the same page.
    const floorMs = await admin.page.evaluate(
      async ({ postId, runs }) => {
        const nonce = await fetch('/wp-admin/admin-ajax.php?action=rest-nonce').then((r) =>
          r.text(),
        );
        const headers = { 'X-WP-Nonce': nonce, 'Content-Type': 'application/json' };
        const url = `/wp-json/wp/v2/posts/${postId}?context=edit`;
        const times: number[] = [];
        for (let run = 0; run < runs; run++) {
          const started = performance.now();
          await (await fetch(url, { headers })).json();
          const body = JSON.stringify({ title: `REST floor ${run}` });
          await (await fetch(url, { method: 'POST', headers, body })).json();
          times.push(performance.now() - started);
        }
        return times;
      },
      { postId: scratch, runs: RUNS },
    );
    writeFigures(APPROVE_OUT, {
      wpVersion: seed.wpVersion,
      approveToStoredMs: approveMs.map(Math.round),
      medianMs: Math.round(median(approveMs)),
      floorMs: floorMs.map(Math.round),
      floorMedianMs: Math.round(median(floorMs)),
    });
  } finally {
    rmSync(plugin, { force: true });
    rmSync(log, { force: true });
    await model.close();
  }
});
