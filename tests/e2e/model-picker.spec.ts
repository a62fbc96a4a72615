import { test, expect } from './fixtures';
import { WpAdmin } from './pages/wp-admin';
import { ThreadPanel } from './pages/thread-panel';
import { useModel } from './support/agent-setup';
import { startModelServer, turn, type ModelServer } from '../support/model-server';

// R4: the composer's model picker chooses the model of its thread, through the real panel,
// the real worker and the real SDK; the scripted model server records what was asked.
let model: ModelServer;
test.beforeAll(async () => {
  model = await startModelServer();
});
test.afterAll(async () => model.close());
test.beforeEach(() => model.reset());

test('the model picked in the composer is the model the thread asks, and it stays picked for that thread (R4)', async ({
  context,
  serviceWorker,
  extensionId,
  seed,
}, testInfo) => {
  model.setScript([turn.text('Opus here.'), turn.text('Still Opus.'), turn.text('Sonnet here.')]);
  await useModel(serviceWorker, model.url); // the default model is Sonnet
  const admin = new WpAdmin(await context.newPage(), seed);
  await admin.login('editor1', 'edit.php');
  const panel = await ThreadPanel.open(context, serviceWorker, extensionId, admin.page);
  const picker = panel.page.getByLabel('Model');
  await expect(picker).toHaveValue('claude-sonnet-5-5');

  await picker.selectOption('claude-opus-5-5');
  await panel.ask('Which model are you?');
  await expect(panel.page.getByRole('log', { name: 'Thread' })).toContainText('Opus here.');
  const names = () => model.messageRequests.map((r) => (r.body as { model: string }).model);
  expect(names()).toEqual(['claude-opus-5-5']);

  // A reopened panel shows the thread's choice, and the thread keeps asking for it.
  await panel.page.reload();
  await expect(panel.page.getByRole('log', { name: 'Thread' })).toContainText('Opus here.');
  await expect(panel.page.getByLabel('Model')).toHaveValue('claude-opus-5-5');
  await panel.page.screenshot({ path: testInfo.outputPath('model-picked.png') });
  await panel.page.waitForTimeout(300);
  await panel.ask('And now?');
  await expect(panel.page.getByRole('log', { name: 'Thread' })).toContainText('Still Opus.');
  expect(names()).toEqual(['claude-opus-5-5', 'claude-opus-5-5']);

  // A new thread starts on the default model: the choice belongs to its thread.
  await panel.newThread();
  await expect(panel.page.getByLabel('Model')).toHaveValue('claude-sonnet-5-5');
  await panel.ask('And you?');
  await expect(panel.page.getByRole('log', { name: 'Thread' })).toContainText('Sonnet here.');
  expect(names()).toEqual(['claude-opus-5-5', 'claude-opus-5-5', 'claude-sonnet-5-5']);
});
