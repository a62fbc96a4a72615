import { test, expect } from './fixtures';
import { WpAdmin } from './pages/wp-admin';
import { ThreadPanel } from './pages/thread-panel';
import { useModel } from './support/agent-setup';
import {
  block,
  startModelServer,
  turn,
  type ModelServer,
  type ScriptTurn,
} from '../support/model-server';

// Issue 16 item 3, the model's rows of the fault matrix (docs/faults.md): each fault of the
// Anthropic API ends in the notice the person reads, and the same thread takes the next
// message. One panel, one thread, the faults one after the other.
let model: ModelServer;
test.beforeAll(async () => {
  model = await startModelServer();
});
test.afterAll(async () => model.close());

const FAULTS: Array<{ name: string; turns: ScriptTurn[]; notice: string }> = [
  {
    name: '401',
    turns: [turn.error(401, { message: 'invalid x-api-key' })],
    notice:
      'Claude refused the API key (401 authentication error). Set a valid API key in Countersign\u2019s options',
  },
  {
    name: '429 with a wait longer than a minute',
    turns: [turn.error(429, { retryAfter: 120 })],
    notice: "Claude's rate limit was reached (429). Wait a minute, then try again.",
  },
  {
    name: '529 four times',
    turns: [1, 2, 3, 4].map(() => turn.error(529, { retryAfterMs: 10 })),
    notice: 'Claude is overloaded right now (529). Countersign retried 3 time(s).',
  },
  {
    name: 'a stream cut in the middle',
    turns: [turn.cut([block.text('Here is the first half of an answer that never ends')])],
    notice: 'The reply was cut off before it finished',
  },
];

test('each model API fault ends in its notice, and the thread takes the next message (S5)', async ({
  context,
  serviceWorker,
  extensionId,
  seed,
}, info) => {
  test.setTimeout(150_000);
  model.setScript([
    ...FAULTS.flatMap((fault) => fault.turns),
    turn.text('All good now.', { match: { lastUserText: 'after every fault' } }),
  ]);
  await useModel(serviceWorker, model.url);
  const admin = new WpAdmin(await context.newPage(), seed);
  await admin.login('editor1');
  const panel = await ThreadPanel.open(context, serviceWorker, extensionId, admin.page);
  const notices = panel.page.locator('.notice-item');
  for (const [index, fault] of FAULTS.entries()) {
    await panel.ask(`Question ${index + 1}`);
    const notice = fault.notice.replace('\u2019', "'");
    await expect(notices.filter({ hasText: notice }), fault.name).toHaveCount(1, {
      timeout: 30_000,
    });
    // Resumable: the composer takes the next message at once.
    await expect(panel.composer).toBeEnabled();
  }
  await expect(notices.last()).toContainText('What arrived is kept');
  // The 529s were retried in sight: three notes said so before the last one gave up.
  await expect(notices.filter({ hasText: 'trying again (attempt' })).toHaveCount(3);
  await expect(panel.page.getByRole('log', { name: 'Thread' })).toContainText(
    'Here is the first half',
  );
  await panel.shot(info.outputPath('model-faults.png'));
  await panel.ask('Now, after every fault, once more');
  await expect(panel.page.locator('.msg-assistant').last()).toContainText('All good now.', {
    timeout: 30_000,
  });
  // The key never shows, whatever the API said.
  await expect(panel.page.getByRole('log', { name: 'Thread' })).not.toContainText('sk-ant-');
  model.assertDone();
});
