import { expect, test } from './fixtures';
import { WpAdmin } from './pages/wp-admin';
import { openThread, useModel } from './support/agent-setup';
import { siteSql } from './support/site-db';
import type { ThreadView } from '../../src/shared/protocols/thread-protocol';
import { block, startModelServer, turn, type ModelServer } from '../support/model-server';
import type { WpSeed } from '../support/wp-env';

// Issue 34 item 2: a site with 300 abilities (the test plugin's shop, while the option
// countersign_test_many_abilities is set) does not flood the model. The first request offers
// the WordPress tools, the look-up and only the abilities the person's words name; the model
// looks the stock ability up, and the next request offers it; it runs (read-only) and the
// panel says what the look-up found, in the person's words.
const MANY = 300;
const STOCK = 'ab_countersign-shop_stock-level';
let model: ModelServer;
test.beforeAll(async () => {
  model = await startModelServer();
});
test.afterAll(async () => model.close());

async function manyAbilities(seed: WpSeed, count: number) {
  await siteSql(
    seed,
    count === 0
      ? "DELETE FROM wp_options WHERE option_name = 'countersign_test_many_abilities'"
      : `INSERT INTO wp_options (option_name, option_value, autoload) VALUES ('countersign_test_many_abilities', '${count}', 'no') ON DUPLICATE KEY UPDATE option_value = '${count}'`,
  );
}

type Body = { tools: { name: string }[] };
const offered = (body: unknown) => (body as Body).tools.map((tool) => tool.name);

test('300 abilities: the model is offered the relevant ones and a look-up, and what it looks up runs @wp7', async ({
  context,
  serviceWorker,
  extensionId,
  seed,
}, testInfo) => {
  await manyAbilities(seed, MANY);
  try {
    model.setScript([
      turn.reply([block.toolUse('find_site_tools', { query: 'stock level' }, 'toolu_look')]),
      turn.reply([block.toolUse(STOCK, { sku: 'MUG-1' }, 'toolu_stock')], {
        match: { toolResultFor: 'toolu_look', tools: [STOCK] },
      }),
      turn.text('The warehouse holds 7 mugs.', { match: { toolResultFor: 'toolu_stock' } }),
    ]);
    await useModel(serviceWorker, model.url);
    const admin = new WpAdmin(await context.newPage(), seed);
    await admin.login('editor1', 'edit.php');
    const before = model.messageRequests.length;
    const opened = await openThread(context, serviceWorker, extensionId, admin.page);
    await opened.client.send({
      type: 'message-send',
      threadId: opened.threadId,
      text: 'Are mugs still available?',
    });
    const view = await opened.client.view(
      (v: ThreadView) => !v.busy && v.items.at(-1)?.kind === 'assistant',
    );
    const requests = model.messageRequests.slice(before);
    const first = offered(requests[0]?.body);
    expect(first).toContain('find_site_tools');
    expect(first).toContain('wp_update_post');
    // Not all 300, and not the stock level: the question's words are not its words.
    expect(first.filter((name) => name.startsWith('ab_')).length).toBeLessThanOrEqual(12);
    expect(first).not.toContain(STOCK);
    expect(JSON.stringify(requests[0]?.body)).toContain('\\"Test shop\\" (300)');
    // The look-up ran at once; the next request offered what it found, and that ran.
    expect(offered(requests[1]?.body)).toContain(STOCK);
    expect(view.items.some((i) => i.kind === 'approval')).toBe(false);
    expect(view.items.find((i) => i.kind === 'tool' && i.tool === STOCK)).toMatchObject({
      status: 'run',
    });
    const panel = await context.newPage();
    await panel.goto(`chrome-extension://${extensionId}/sidepanel.html?tabId=${opened.tabId}`);
    const lookRow = panel.locator('.tool-row', { hasText: 'Find the site’s tools' });
    await expect(lookRow).toContainText('Found 1 of the site’s tools');
    await expect(panel.locator('.tool-row', { hasText: 'Stock level' })).toBeVisible();
    await panel.screenshot({ path: testInfo.outputPath('abilities-many.png') });
    model.assertDone();
  } finally {
    await manyAbilities(seed, 0);
  }
});
