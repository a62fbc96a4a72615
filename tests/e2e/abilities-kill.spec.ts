import { expect, test } from './fixtures';
import { WpAdmin } from './pages/wp-admin';
import { ThreadPanel } from './pages/thread-panel';
import { useModel } from './support/agent-setup';
import { createPost } from './support/block-editor';
import { forgiveKills, openLive, settle, stopWorker } from './support/kill-live';
import { lastRecord } from './support/kill-sweep';
import { siteSql } from './support/site-db';
import { block, startModelServer, turn, type ModelServer } from '../support/model-server';
import type { WpSeed } from '../support/wp-env';

// Issue 34 item 2, S5 on the real worker: the extension's worker is stopped while the site
// runs an approved ability (the test abilities plugin holds it 3 s, see
// countersign_test_hold). The site finishes it regardless. The next worker cannot ask the
// site whether it ran: an ability whose author claims `idempotent` is sent once more, once;
// any other ends "may or may not have run: check the site" and is never sent again.
let model: ModelServer;
test.beforeAll(async () => {
  model = await startModelServer();
});
test.afterAll(async () => model.close());

const HOLD_MS = 3_000;

async function hold(seed: WpSeed, ms: number | null): Promise<void> {
  await siteSql(
    seed,
    ms === null
      ? "DELETE FROM wp_options WHERE option_name = 'countersign_test_ability_hold_ms'"
      : `INSERT INTO wp_options (option_name, option_value, autoload) VALUES ('countersign_test_ability_hold_ms', '${ms}', 'no') ON DUPLICATE KEY UPDATE option_value = '${ms}'`,
  );
}

/** How many rows of `key` the post has: runs the site was asked for, notes it holds. */
async function metaRows(seed: WpSeed, id: number, key: string): Promise<number> {
  const [[count]] = await siteSql(
    seed,
    `SELECT COUNT(*) FROM wp_postmeta WHERE post_id = ${id} AND meta_key = '${key}'`,
  );
  return Number(count);
}

const CASES = [
  {
    name: 'a non-idempotent ability (add a note) ends "check the site" and is never sent again',
    tool: 'ab_countersign-test_add-post-note',
    input: (id: number) => ({ post_id: id, note: `Kill note ${id}` }),
    runs: 1,
    status: 'failed',
    // The person reads the ability by its label, not its tool name.
    said: /Add a note to a post may or may not have run: the browser stopped while it was running\. Check the site/,
  },
  {
    name: 'an idempotent ability (move to the trash) is sent once more, once, and its outcome recorded',
    tool: 'ab_countersign-test_trash-post',
    input: (id: number) => ({ post_id: id }),
    runs: 2,
    status: 'run',
    said: /Move a post to the trash was running when the browser stopped; it runs once more, as its plugin says that is safe/,
  },
];

for (const c of CASES) {
  test(`the worker stopped while the site runs an approved ability: ${c.name} (S5) @wp7 @kill`, async ({
    context,
    serviceWorker,
    extensionId,
    seed,
    extensionErrors,
  }, testInfo) => {
    test.setTimeout(180_000);
    const admin = new WpAdmin(await context.newPage(), seed);
    await admin.login('admin');
    const id = await createPost(admin.page, { title: `Ability kill ${Date.now()}`, content: 'x' });
    await admin.open('edit.php');
    model.setScript([
      turn.reply([block.toolUse(c.tool, c.input(id), 'toolu_ab_kill')]),
      ...[1, 2, 3].map(() => turn.text('Done.', { match: { toolResultFor: 'toolu_ab_kill' } })),
    ]);
    await useModel(serviceWorker, model.url);
    await hold(seed, HOLD_MS);
    try {
      const live = await openLive(
        context,
        extensionId,
        await ThreadPanel.open(context, serviceWorker, extensionId, admin.page),
      );
      await live.panel.ask('Go.');
      await live.panel.approve();
      // The site has started running it (and holds it): stop the worker now.
      await expect
        .poll(() => metaRows(seed, id, 'countersign_test_started'), { timeout: 20_000 })
        .toBe(1);
      await stopWorker(live);
      expect(live.stops, 'the stop was proven').toBe(1);

      let status = 'none';
      const settled = await settle(
        live,
        async (panel) => {
          status = (await lastRecord(panel.page, c.tool))?.status ?? 'none';
          const log = panel.page.getByRole('log', { name: 'Thread' });
          return status === c.status && c.said.test(await log.innerText()) ? status : undefined;
        },
        60_000,
      );
      expect(settled, `the thread settled (last record status: ${status})`).toBe(c.status);
      await live.panel.shot(testInfo.outputPath('ability-after-kill.png'));
      // The site ran it as often as it was sent: once, or once more for the idempotent one.
      await expect
        .poll(() => metaRows(seed, id, 'countersign_test_started'), { timeout: 20_000 })
        .toBe(c.runs);
      await live.panel.page.waitForTimeout(HOLD_MS + 1_000);
      expect(await metaRows(seed, id, 'countersign_test_started'), 'never a third time').toBe(
        c.runs,
      );
      if (c.tool.endsWith('add-post-note')) {
        expect(await metaRows(seed, id, 'countersign_test_note')).toBe(1);
      } else {
        const [[postStatus]] = await siteSql(
          seed,
          `SELECT post_status FROM wp_posts WHERE ID = ${id}`,
        );
        expect(postStatus).toBe('trash');
      }
    } finally {
      await hold(seed, null);
    }
    forgiveKills(extensionErrors);
  });
}
