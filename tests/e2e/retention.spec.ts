import { test, expect } from './fixtures';
import { WpAdmin } from './pages/wp-admin';
import { OptionsPage } from './pages/options';
import { openThread, useModel } from './support/agent-setup';
import { block, startModelServer, turn, type ModelServer } from '../support/model-server';

// A2 on a real install: records the real worker wrote are purged once they are older than
// the retention setting, and never while the mirror still has to deliver them (A5): the
// outbox empties first (into the site with the plugin, or dropped as "local audit only").
let model: ModelServer;
test.beforeAll(async () => {
  model = await startModelServer();
});
test.afterAll(async () => model.close());

const DAY = 86_400_000;

test('records the worker wrote are purged once older than the retention, after the mirror emptied its queue (A2, A5)', async ({
  context,
  serviceWorker,
  extensionId,
  seed,
}) => {
  model.setScript([
    turn.reply([
      block.toolUse('wp_get_entity', { type: 'post', id: seed.posts.editorPost }, 'toolu_a'),
      block.toolUse('wp_list_types', {}, 'toolu_b'),
    ]),
    turn.text('Read both.', { match: { toolResultFor: 'toolu_b' } }),
  ]);
  await useModel(serviceWorker, model.url);
  const admin = new WpAdmin(await context.newPage(), seed);
  await admin.login('editor1', 'edit.php');
  const { client, threadId } = await openThread(context, serviceWorker, extensionId, admin.page);
  await client.send({ type: 'message-send', threadId, text: 'Read the post and the types' });
  await client.view((v) => !v.busy && v.items.at(-1)?.kind === 'assistant');

  const options = await OptionsPage.open(context, extensionId, 'audit');
  await options.filterAudit({ thread: threadId });
  await expect(options.page.getByTestId('audit-page')).toContainText('Page 1, 2 records');
  // What the worker stored: two records, and soon nothing waiting for the mirror.
  const counts = () =>
    options.page.evaluate(async () => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open('countersign');
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      const count = (store: string) =>
        new Promise<number>((resolve, reject) => {
          const request = db.transaction(store).objectStore(store).count();
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
      const result = { records: await count('records'), outbox: await count('outbox') };
      db.close();
      return result;
    });
  await expect.poll(counts, { timeout: 15_000 }).toEqual({ records: 2, outbox: 0 });

  // Ten days pass for these records: their creation times move back (the only test hook).
  await options.ageRecords(10 * DAY);

  // The admin keeps records for 7 days and purges now.
  await expect(await options.purgeOlderThan(7)).toContainText(
    'removed 2 records older than 7 days',
  );
  await options.goto('audit');
  await options.filterAudit({ thread: threadId });
  await expect(options.page.getByTestId('audit-empty')).toBeVisible();
});
