import { test, expect } from './fixtures';
import { WpAdmin } from './pages/wp-admin';
import { ThreadPanel } from './pages/thread-panel';
import { openThread, useModel } from './support/agent-setup';
import { startModelServer, turn, type ModelServer } from '../support/model-server';

// Issue 15: the panel opens a long thread with its last items only (the background sends
// the tail); the person still reads it to its first message with "Show earlier", each
// click asking the background for the next page of earlier items.
const TURNS = 45; // 90 items: the first view holds 24, two clicks reach the first message
let model: ModelServer;
test.beforeAll(async () => {
  model = await startModelServer();
});
test.afterAll(async () => model.close());

test('a long thread opens at its latest turns and scrolls back to its first message', async ({
  context,
  serviceWorker,
  extensionId,
  seed,
}) => {
  // 45 real turns through the worker: 71 s in a loaded parallel run, over 90 s in a slower
  // one (it passed on retry). The timeout catches a hang, it times nothing.
  test.setTimeout(240_000);
  model.setScript(Array.from({ length: TURNS }, (_, i) => turn.text(`Answer number ${i}.`)));
  await useModel(serviceWorker, model.url);
  const admin = new WpAdmin(await context.newPage(), seed);
  await admin.login('editor1');
  const {
    panel: builder,
    client,
    tabId,
    threadId,
  } = await openThread(context, serviceWorker, extensionId, admin.page);
  for (let i = 0; i < TURNS; i++) {
    await client.send({ type: 'message-send', threadId, text: `Question number ${i}?` });
    const answered = `Answer number ${i}.`;
    await client.view((v) => !v.busy && (JSON.stringify(v.items.at(-1)) ?? '').includes(answered));
  }
  await builder.close();

  const panel = await ThreadPanel.openFor(context, extensionId, tabId);
  const log = panel.page.getByRole('log', { name: 'Thread' });
  await expect(log).toContainText(`Answer number ${TURNS - 1}.`);
  await expect(panel.composer).toBeEnabled();
  // Only the tail came over the port: the first message is not in the page yet.
  await expect(log).not.toContainText('Question number 0?');
  const earlier = log.getByRole('button', { name: /^Show earlier \(66 more\)$/ });
  await panel.page.screenshot({ path: test.info().outputPath('panel-long-thread-latest.png') });

  await earlier.click();
  await expect(log.getByRole('button', { name: /^Show earlier \(6 more\)$/ })).toBeVisible();
  await expect(log).toContainText('Question number 3?');
  await log.getByRole('button', { name: /^Show earlier/ }).click();
  await expect(log.getByRole('button', { name: /^Show earlier/ })).toHaveCount(0);
  await expect(log.locator('.msg-user').first()).toContainText('Question number 0?');
  await log.locator('.msg-user').first().scrollIntoViewIfNeeded();
  await panel.page.screenshot({ path: test.info().outputPath('panel-long-thread-first.png') });

  // The thread goes on with the earlier items still shown.
  model.setScript([turn.text('One more answer.')]);
  await panel.ask('One more question?');
  await expect(log).toContainText('One more answer.');
  await expect(log.locator('.msg-user').first()).toContainText('Question number 0?');
});
