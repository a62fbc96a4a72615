import type { BrowserContext, Worker } from '@playwright/test';
import { expect, test } from './fixtures';
import { WpAdmin } from './pages/wp-admin';
import { openThread, useModel } from './support/agent-setup';
import type { ThreadView } from '../../src/shared/protocols/thread-protocol';
import { block, startModelServer, turn, type ModelServer } from '../support/model-server';
import type { WpSeed } from '../support/wp-env';

// Issue 34 item 3: abilities the admin page registers in its own JavaScript
// (`@wordpress/abilities`, WordPress 7.0+; the test stack's plugin registers two on every
// admin page, scripts/wp-stack/abilities-test-plugin.php). The model is offered them beside
// the site's; the read-only one runs at once in the page; the write asks, its card says it
// runs in the open page, and approved it runs there (the page shows the note). A page that
// no longer holds the ability when the call runs fails plainly, and nothing ran.
const TITLE = 'abp_countersign-test_page-title';
const NOTE = 'abp_countersign-test_page-note';
let model: ModelServer;
test.beforeAll(async () => {
  model = await startModelServer();
});
test.afterAll(async () => model.close());

const toolItem = (view: ThreadView, tool: string) =>
  view.items.find((i) => i.kind === 'tool' && i.tool === tool);

async function start(f: {
  context: BrowserContext;
  serviceWorker: Worker;
  extensionId: string;
  seed: WpSeed;
}) {
  await useModel(f.serviceWorker, model.url);
  const admin = new WpAdmin(await f.context.newPage(), f.seed);
  await admin.login('editor1', 'edit.php');
  // The page's module registers its abilities once it has loaded.
  await admin.page.waitForFunction(
    () =>
      (
        window as unknown as {
          wp?: { data?: { select(s: string): { getAbility?(n: string): unknown } | undefined } };
        }
      ).wp?.data
        ?.select('core/abilities')
        ?.getAbility?.('countersign-test/page-note') !== undefined,
  );
  const opened = await openThread(f.context, f.serviceWorker, f.extensionId, admin.page);
  await opened.client.send({ type: 'message-send', threadId: opened.threadId, text: 'Go.' });
  const card = await opened.client.view(
    (v: ThreadView) =>
      !v.busy &&
      v.items.some((i) => i.kind === 'approval' && i.card.toolName === NOTE && !i.decided),
  );
  const item = card.items.find((i) => i.kind === 'approval' && i.card.toolName === NOTE);
  if (item?.kind !== 'approval') throw new Error('the page ability ran without a card');
  /** Approves the card and waits until the call ended and the model answered. */
  const approve = async () => {
    await opened.client.send({
      type: 'decision',
      threadId: opened.threadId,
      recordId: item.card.recordId,
      payloadHash: item.card.payloadHash,
      approve: true,
    });
    return opened.client.view(
      (v) => !v.busy && toolItem(v, NOTE) !== undefined && v.items.at(-1)?.kind === 'assistant',
    );
  };
  return { ...opened, admin, card, item, approve };
}

test("the admin page's own abilities: a read runs at once in the page, a write asks and runs there once approved @wp7", async ({
  context,
  serviceWorker,
  extensionId,
  seed,
}, testInfo) => {
  const before = model.messageRequests.length;
  model.setScript([
    turn.reply([block.toolUse(TITLE, {}, 'toolu_page_title')]),
    turn.reply([block.toolUse(NOTE, { text: 'Checked by the agent' }, 'toolu_page_note')], {
      match: { toolResultFor: 'toolu_page_title' },
    }),
    turn.text('The note is on the page.', { match: { toolResultFor: 'toolu_page_note' } }),
  ]);
  const f = { context, serviceWorker, extensionId, seed };
  const { admin, tabId, card, item, approve } = await start(f);
  // Offered beside the site's own abilities; the read ran at once, in the page.
  const offered = (model.messageRequests[before]?.body as { tools: { name: string }[] }).tools;
  expect(offered.map((t) => t.name)).toEqual(
    expect.arrayContaining([TITLE, NOTE, 'ab_countersign-test_recent-titles']),
  );
  expect(toolItem(card, TITLE)).toMatchObject({ status: 'run' });
  expect(JSON.stringify(model.messageRequests.at(-1)?.body)).toContain('Posts');
  expect(item.card.toolLabel).toBe('Show a note on this page');
  await expect(admin.page.locator('#countersign-test-page-note')).toHaveCount(0);

  const panel = await context.newPage();
  await panel.goto(`chrome-extension://${extensionId}/sidepanel.html?tabId=${tabId}`);
  const shown = panel.getByTestId('approval-card');
  await expect(shown.getByTestId('argument-card')).toContainText('Checked by the agent');
  await expect(shown).toContainText('belongs to the admin page you have open and runs there');
  await panel.screenshot({ path: testInfo.outputPath('page-ability-card.png') });
  const done = await approve();
  expect(toolItem(done, NOTE)).toMatchObject({ status: 'run' });
  await expect(admin.page.locator('#countersign-test-page-note')).toHaveText(
    'Checked by the agent',
  );
  model.assertDone();

  // The panel lists what the agent may use here: WordPress's tools, the site's abilities
  // under their category, the page's own apart, each with what it does.
  const here = panel.getByTestId('tools-here');
  await here.getByText('What the agent can use here').click();
  await expect(here.getByRole('heading', { name: 'WordPress' })).toBeVisible();
  const site = here.getByRole('region', { name: 'This site: Countersign tests' });
  await expect(site.getByTestId('tool-here-ab_countersign-test_recent-titles')).toHaveText(
    'Recent post titles reads',
  );
  await expect(site.getByTestId('tool-here-ab_countersign-test_set-excerpt')).toContainText(
    'always asks',
  );
  const mine = here.getByRole('region', { name: 'This admin page (runs in it)' });
  await expect(mine.getByTestId(`tool-here-${NOTE}`)).toHaveText(
    'Show a note on this page changes',
  );
  await expect(mine.getByTestId(`tool-here-${TITLE}`)).toContainText('reads');
  await panel.screenshot({ path: testInfo.outputPath('tools-here.png'), fullPage: true });
});

test('a page that no longer holds the ability when the approved call runs fails plainly, and nothing ran @wp7', async ({
  context,
  serviceWorker,
  extensionId,
  seed,
}) => {
  model.setScript([
    turn.reply([block.toolUse(NOTE, { text: 'Too late' }, 'toolu_page_gone')]),
    turn.text('Understood.', { match: { toolResultFor: 'toolu_page_gone' } }),
  ]);
  const f = { context, serviceWorker, extensionId, seed };
  const { admin, approve } = await start(f);
  // The page drops it (as a page reloaded without it would) before the person approves.
  await admin.page.evaluate(() =>
    (
      window as unknown as {
        wp: { data: { dispatch(s: string): { unregisterAbility(n: string): void } } };
      }
    ).wp.data
      .dispatch('core/abilities')
      .unregisterAbility('countersign-test/page-note'),
  );
  const done = await approve();
  const row = toolItem(done, NOTE);
  expect(row).toMatchObject({ status: 'failed' });
  expect(JSON.stringify(row)).toContain('is gone');
  expect(JSON.stringify(model.messageRequests.at(-1)?.body)).toContain('is gone');
  await expect(admin.page.locator('#countersign-test-page-note')).toHaveCount(0);
});
