import { test, expect } from './fixtures';
import { WpAdmin } from './pages/wp-admin';
import { ThreadPanel } from './pages/thread-panel';
import { useModel } from './support/agent-setup';
import { startModelServer, turn, type ModelServer } from '../support/model-server';

let model: ModelServer;
test.beforeAll(async () => {
  model = await startModelServer();
});
test.afterAll(async () => model.close());

/**
 * R1: a person who sends a second message while the agent still answers the first does
 * not have to send it again: it waits above the box ("Sends when this step ends"), can be
 * taken back, and goes by itself once the answer is done, answered after the first.
 */
test('a message sent while the agent works waits, can be taken back, and goes when the step ends (R1)', async ({
  context,
  serviceWorker,
  extensionId,
  seed,
}) => {
  model.setScript([
    // The first answer streams slowly, so the person writes while it comes.
    turn.text('First answer, slowly streamed.', {
      match: { lastUserText: 'First question' },
      delayMs: 250,
      chunkSize: 3,
    }),
    turn.text('Second answer.', { match: { lastUserText: 'Second question' } }),
  ]);
  await useModel(serviceWorker, model.url);
  const admin = new WpAdmin(await context.newPage(), seed);
  await admin.login('editor1', 'edit.php');
  const panel = await ThreadPanel.open(context, serviceWorker, extensionId, admin.page);
  const log = panel.page.getByRole('log', { name: 'Thread' });

  await panel.ask('First question');
  await expect(panel.page.getByTestId('busy')).toBeVisible();
  // Taken back while it waits: back in the box, unsent.
  await panel.composer.fill('Second question');
  await panel.composer.press('Enter');
  const waiting = panel.page.getByTestId('outgoing');
  await expect(waiting).toContainText('Sends when this step ends');
  await expect(panel.composer).toHaveValue('');
  await waiting.getByRole('button', { name: 'Cancel' }).click();
  await expect(panel.composer).toHaveValue('Second question');
  await expect(waiting).toBeHidden();
  // Sent again while the first answer still streams: it waits, then goes by itself.
  await panel.composer.press('Enter');
  await expect(waiting).toContainText('Second question');
  await panel.page.screenshot({ path: test.info().outputPath('queued.png') });
  expect(model.messageRequests).toHaveLength(1);
  await expect(log).toContainText('Second answer.', { timeout: 30_000 });
  await expect(waiting).toBeHidden();
  const text = await log.innerText();
  expect(text.indexOf('First answer, slowly streamed.')).toBeGreaterThan(-1);
  expect(text.indexOf('First answer, slowly streamed.')).toBeLessThan(
    text.indexOf('Second question'),
  );
  expect(text.indexOf('Second question')).toBeLessThan(text.indexOf('Second answer.'));
  model.assertDone();
});
