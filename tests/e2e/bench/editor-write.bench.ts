import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { test, expect } from '../fixtures';
import { ThreadPanel } from '../pages/thread-panel';
import { WpAdmin } from '../pages/wp-admin';
import { useModel } from '../support/agent-setup';
import { createPost, paragraph } from '../support/block-editor';
import { REPO_ROOT } from '../../support/wp-env';
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
      const approvedAt = await panel.page.evaluate(
        () => (window as unknown as { __bench: Marks }).__bench.approvedAt,
      );
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

    const report = {
      wpVersion: seed.wpVersion,
      runs: RUNS,
      approveToEditorMs: approveMs.map(Math.round),
      medianMs: Math.round(median(approveMs)),
      restPostMs: restMs.map(Math.round),
      restMedianMs: Math.round(median(restMs)),
      machine: { cpus: cpus().length, loadavg: loadavg().map((v) => Math.round(v * 10) / 10) },
    };
    mkdirSync(dirname(OUT), { recursive: true });
    writeFileSync(OUT, JSON.stringify(report, null, 2));
  } finally {
    await model.close();
  }
});
