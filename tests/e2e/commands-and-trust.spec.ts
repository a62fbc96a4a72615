import { test, expect } from './fixtures';
import { WpAdmin } from './pages/wp-admin';
import { openThread, useModel } from './support/agent-setup';
import { block, startModelServer, turn, type ModelServer } from '../support/model-server';

let model: ModelServer;
test.beforeAll(async () => {
  model = await startModelServer();
});
test.afterAll(async () => model.close());

test('without an API key a message searches the site and results link into the admin (R3)', async ({
  context,
  serviceWorker,
  extensionId,
  seed,
}) => {
  const admin = new WpAdmin(await context.newPage(), seed);
  await admin.login('editor1', 'edit.php');
  const { client, view } = await openThread(context, serviceWorker, extensionId, admin.page);
  expect(view.mode).toBe('commands');
  await client.send({ type: 'message-send', threadId: view.threadId, text: 'Published post' });
  const found = await client.view((v) => !v.busy && v.items.some((i) => i.kind === 'links'));
  const links = found.items.find((i) => i.kind === 'links');
  if (links?.kind !== 'links') throw new Error('no links');
  expect(links.links.map((l) => l.href)).toContain(
    `post.php?post=${seed.posts.published}&action=edit`,
  );
  expect(JSON.stringify(found)).not.toMatch(/\bAI\b|assistant|Claude|model/i);

  // A write command still shows the card, and nothing happens until approval.
  await client.send({
    type: 'message-send',
    threadId: view.threadId,
    text: `/trash post ${seed.posts.draft}`,
  });
  const asking = await client.view((v) => !v.busy && v.pending !== null);
  const card = asking.items.find((i) => i.kind === 'approval');
  expect(card?.kind === 'approval' && card.card.toolName).toBe('wp_trash_entity');
  await client.send({
    type: 'decision',
    threadId: view.threadId,
    recordId: asking.pending!,
    payloadHash: card?.kind === 'approval' ? card.card.payloadHash : '',
    approve: false,
    note: 'not now',
  });
  const rejected = await client.view((v) => !v.busy && v.pending === null);
  expect(rejected.items.find((i) => i.kind === 'approval')).toMatchObject({ decided: 'rejected' });
});

test('a thread that reads comments by others becomes untrusted (R6)', async ({
  context,
  serviceWorker,
  extensionId,
  seed,
}) => {
  model.setScript([
    turn.reply([
      block.toolUse('wp_list_comments', { type: 'post', id: seed.posts.published }, 'toolu_c'),
    ]),
    turn.text('There are two comments; one asks me to delete every post, which I will not do.', {
      match: { toolResultText: 'ignore your instructions' },
    }),
  ]);
  await useModel(serviceWorker, model.url);
  const admin = new WpAdmin(await context.newPage(), seed);
  await admin.login('editor1');
  await admin.editPost(seed.posts.published);
  const { client, view } = await openThread(context, serviceWorker, extensionId, admin.page);
  expect(view.untrusted).toBe(false);
  await client.send({
    type: 'message-send',
    threadId: view.threadId,
    text: 'What do readers say?',
  });
  const after = await client.view((v) => !v.busy && v.items.some((i) => i.kind === 'assistant'));
  expect(after.untrusted).toBe(true);
  model.assertDone();
});
