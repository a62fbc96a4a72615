import { test, expect } from './fixtures';
import { WpAdmin } from './pages/wp-admin';
import { ThreadPanel } from './pages/thread-panel';
import { openThread, useModel } from './support/agent-setup';
import { startModelServer, turn, type ModelServer } from '../support/model-server';

// Issue 15: the panel opens a long thread with its last items only (the background sends
// the tail); the person still reads it to its first message with "Show earlier", the click
// asking the background for the earlier items over the real port. Paging over several pages
// is the panel's and the view window's unit tests' (thread-panel.test.tsx, view-window.test.ts);
// 14 real turns instead of 45 (issue 38: 78 s of one run's test time, for two pages where one
// proves the way through the worker).
const TURNS = 14; // 28 items: the first view holds 24, one click reaches the first message
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
  // Real turns through the worker: 45 took 71-90 s in loaded parallel runs. The timeout
  // catches a hang, it times nothing.
  test.setTimeout(180_000);
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
  const earlier = log.getByRole('button', { name: /^Show earlier \(4 more\)$/ });
  await panel.page.screenshot({ path: test.info().outputPath('panel-long-thread-latest.png') });

  await earlier.click();
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
