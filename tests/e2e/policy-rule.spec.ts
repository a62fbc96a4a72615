import { test, expect } from './fixtures';
import { WpAdmin } from './pages/wp-admin';
import { openThread, useModel } from './support/agent-setup';
import { block, startModelServer, turn, type ModelServer } from '../support/model-server';

let model: ModelServer;
test.beforeAll(async () => {
  model = await startModelServer();
});
test.afterAll(async () => model.close());

test('an admin rule "update post fields: allow when the post is a draft" runs draft edits at once while a live edit still asks (G4, G2)', async ({
  context,
  serviceWorker,
  extensionId,
  seed,
}) => {
  const stamp = Date.now();
  model.setScript([
    turn.reply([
      block.toolUse(
        'wp_update_post',
        { type: 'post', id: seed.posts.draft, title: `Draft retitled ${stamp}` },
        'toolu_draft',
      ),
    ]),
    turn.reply(
      [
        block.toolUse(
          'wp_update_post',
          { type: 'post', id: seed.posts.editorPost, title: `Live retitled ${stamp}` },
          'toolu_live',
        ),
      ],
      {
        match: { toolResultFor: 'toolu_draft' },
      },
    ),
  ]);
  await useModel(serviceWorker, model.url, {
    extra: {
      gatePolicy: {
        policy: {
          wp_update_post: {
            mode: 'ask',
            rule: { in: [{ var: 'facts.entity.status' }, ['draft', 'pending', 'auto-draft']] },
          },
        },
        updatedAt: stamp,
      },
      gatePolicy$: { v: 2 },
    },
  });
  const admin = new WpAdmin(await context.newPage(), seed);
  await admin.login('editor1');
  await admin.open('edit.php');
  const { client, threadId } = await openThread(context, serviceWorker, extensionId, admin.page);
  await client.send({
    type: 'message-send',
    threadId,
    text: 'Retitle the draft and the live post',
  });
  const view = await client.view((v) => !v.busy && v.pending !== null);

  const tools = view.items.filter((i) => i.kind === 'tool');
  expect(tools[0]).toMatchObject({ tool: 'wp_update_post', status: 'run' }); // the draft: no card
  const cards = view.items.filter((i) => i.kind === 'approval');
  expect(cards).toHaveLength(1);
  expect(cards[0]?.kind === 'approval' && cards[0].card.entity?.id).toBe(seed.posts.editorPost); // the live post asks
  const draftTitle = await admin.page.evaluate(
    (id) =>
      fetch('/wp-admin/admin-ajax.php?action=rest-nonce')
        .then((r) => r.text())
        .then((nonce) =>
          fetch(`/wp-json/wp/v2/posts/${id}?context=edit`, { headers: { 'X-WP-Nonce': nonce } }),
        )
        .then((r) => r.json())
        .then((p) => p.title.raw as string),
    seed.posts.draft,
  );
  expect(draftTitle).toBe(`Draft retitled ${stamp}`);
});
