import type { Worker } from '@playwright/test';
import { test, expect } from './fixtures';
import { WpAdmin } from './pages/wp-admin';
import { ThreadPanel } from './pages/thread-panel';
import { useModel } from './support/agent-setup';
import { auditRecords, installWriteCounter } from './support/kill-sweep';
import { block, startModelServer, turn, type ModelServer } from '../support/model-server';

// Issue 16 item 3, S5: the browser's storage is full when the person approves. Chromium
// answers IndexedDB writes with QuotaExceededError then; the test makes the worker's
// IndexedDB refuse every write the same way (put/add/delete on any store throw the
// DOMException Chromium throws), and lets them through again once "space is freed".

let model: ModelServer;
test.beforeAll(async () => {
  model = await startModelServer();
});
test.afterAll(async () => model.close());

/** Makes every IndexedDB write of the running worker fail as a full disk does, or not. */
async function diskFull(worker: Worker, full: boolean): Promise<void> {
  await worker.evaluate((on) => {
    const scope = globalThis as unknown as {
      __diskFull?: boolean;
      __diskPatched?: boolean;
    };
    scope.__diskFull = on;
    if (scope.__diskPatched) return;
    scope.__diskPatched = true;
    const proto = IDBObjectStore.prototype as unknown as Record<
      string,
      (...args: unknown[]) => unknown
    >;
    for (const name of ['put', 'add', 'delete', 'clear']) {
      const original = proto[name]!;
      proto[name] = function (this: IDBObjectStore, ...args: unknown[]) {
        if (scope.__diskFull)
          throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        return original.apply(this, args);
      };
    }
  }, full);
}

test('storage full at Approve: nothing runs, the person is told, and once space is freed the card runs the write once (S5)', async ({
  context,
  serviceWorker,
  extensionId,
  seed,
  wpVersion,
  extensionErrors,
}, info) => {
  test.setTimeout(120_000);
  const counter = installWriteCounter(wpVersion);
  try {
    const postId = seed.posts.editorPost;
    await useModel(serviceWorker, model.url);
    const admin = new WpAdmin(await context.newPage(), seed);
    await admin.login('editor1');
    await admin.editPost(postId);
    const panel = await ThreadPanel.open(context, serviceWorker, extensionId, admin.page);
    const thread = panel.page.getByRole('log', { name: 'Thread' });
    const excerpt = `Written after space was freed ${Date.now()}`;
    model.setScript([
      turn.reply([
        block.toolUse('wp_update_post', { type: 'post', id: postId, excerpt }, 'toolu_full'),
      ]),
      turn.text('Excerpt written.', { match: { toolResultFor: 'toolu_full' } }),
    ]);
    await panel.ask('Write the excerpt');
    await expect(panel.card).toBeVisible({ timeout: 30_000 });
    const writes = counter.writes(postId);

    await diskFull(serviceWorker, true);
    await panel.approve();
    // Said in the person's words, above the thread; the card still asks.
    await expect(
      panel.page.getByText('The browser has no room left to save this; free some space and retry.'),
    ).toBeVisible({ timeout: 15_000 });
    await expect(panel.card.getByRole('button', { name: 'Approve', exact: true })).toBeVisible();
    await panel.shot(info.outputPath('storage-full.png'));
    expect(counter.writes(postId) - writes, 'nothing ran while nothing could be recorded').toBe(0);
    const [record] = await auditRecords(panel.page, excerpt);
    expect(record?.status).toBe('pending');

    await diskFull(serviceWorker, false);
    await panel.approve();
    await expect(thread).toContainText('Excerpt written.', { timeout: 30_000 });
    await expect(panel.card).toBeHidden();
    expect(counter.writes(postId) - writes, 'the write ran once').toBe(1);
    expect((await auditRecords(panel.page, excerpt))[0]?.status).toBe('run');
  } finally {
    counter.remove();
  }
  // The worker logged the refused writes; nothing else may have gone wrong.
  for (let i = extensionErrors.length - 1; i >= 0; i -= 1)
    if (/no room left|quota/i.test(extensionErrors[i]!)) extensionErrors.splice(i, 1);
});
