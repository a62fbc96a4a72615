import { test, expect, tabIdOf } from './fixtures';
import { WpAdmin } from './pages/wp-admin';
import { ThreadPanel } from './pages/thread-panel';
import { useModel } from './support/agent-setup';
import { ThreadClient } from './support/thread-client';
import { auditRecords } from './support/kill-sweep';
import { block, startModelServer, turn, type ModelServer } from '../support/model-server';

let model: ModelServer;
test.beforeAll(async () => {
  model = await startModelServer();
});
test.afterAll(async () => model.close());

test('two panels on one thread: after the card refreshed (G13), the panel still showing the old card is refused and says so; the record names who decided (G7, A1)', async ({
  context,
  serviceWorker,
  extensionId,
  seed,
}, info) => {
  const postId = seed.posts.editorPost;
  const excerpt = `Reviewed twice ${Date.now()}`;
  model.setScript([
    turn.reply([
      block.toolUse('wp_update_post', { type: 'post', id: postId, excerpt }, 'toolu_g13'),
    ]),
    turn.text('Excerpt written.', { match: { toolResultFor: 'toolu_g13' } }),
  ]);
  await useModel(serviceWorker, model.url);
  const admin = new WpAdmin(await context.newPage(), seed);
  await admin.login('editor1');
  await admin.editPost(postId);
  // Panel A: the real side panel, driven as a person would.
  const a = await ThreadPanel.open(context, serviceWorker, extensionId, admin.page);
  await a.ask('Write an excerpt');
  await expect(a.card).toBeVisible({ timeout: 30_000 });
  // Panel B: a second side panel on the same tab, showing the same (latest) thread.
  const tabId = await tabIdOf(serviceWorker, admin.page);
  const bPage = await context.newPage();
  await bPage.goto(`chrome-extension://${extensionId}/sidepanel.html?tabId=${tabId}`);
  const b = { panel: bPage, client: await ThreadClient.connect(bPage), threadId: '' };
  await b.client.send({ type: 'thread-open', tabId });
  const first = await b.client.view((v) => v.pending !== null && !v.busy);
  b.threadId = first.threadId;
  const old = first.items.find((i) => i.kind === 'approval');
  if (old?.kind !== 'approval') throw new Error('no card');
  expect(old.card.targetModified).toEqual(expect.any(String));

  // Someone changes the post after the card was built.
  await admin.page.evaluate(
    ({ id }) =>
      fetch(`/wp-json/wp/v2/posts/${id}`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'X-WP-Nonce': (window as unknown as { wpApiSettings: { nonce: string } }).wpApiSettings
            .nonce,
        },
        body: JSON.stringify({ title: `Changed meanwhile ${Date.now()}` }),
      }),
    { id: postId },
  );
  await a.page.waitForTimeout(1100); // WordPress stamps `modified` to the second
  await a.approve();
  await expect(a.card.getByRole('alert')).toContainText('changed since this card was built');
  const refreshed = await b.client.view(
    (v) =>
      !v.busy &&
      v.items.some(
        (i) =>
          i.kind === 'approval' && !i.decided && i.card.targetModified !== old.card.targetModified,
      ),
  );
  expect(refreshed.pending).toBe(old.card.recordId);

  // Panel B still shows the old card and approves it: refused, nothing runs.
  await b.client.send({
    type: 'decision',
    threadId: b.threadId,
    recordId: old.card.recordId,
    payloadHash: old.card.payloadHash,
    targetModified: old.card.targetModified ?? null,
    approve: true,
  });
  const refusal = 'This card is out of date';
  await b.client.view(
    (v) => !v.busy && v.items.some((i) => i.kind === 'notice' && i.message.startsWith(refusal)),
  );
  await expect(a.page.getByRole('log', { name: 'Thread' })).toContainText(refusal);
  expect((await auditRecords(b.panel, excerpt))[0]?.status).toBe('pending');
  await a.shot(info.outputPath('stale-panel-refused.png'));

  // Panel A approves the refreshed card it shows: it runs, and the record names editor1.
  await a.approve();
  await expect(a.page.getByRole('log', { name: 'Thread' })).toContainText('Excerpt written.', {
    timeout: 30_000,
  });
  const [record] = await auditRecords(b.panel, excerpt);
  expect(record).toMatchObject({ status: 'run', decidedBy: String(seed.users.editor1.id) });
  model.assertDone();
});
