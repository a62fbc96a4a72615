import { test, expect } from './fixtures';
import { useModel } from './support/agent-setup';
import { retitleDraftAndLive } from './support/draft-rule';
import { startModelServer, type ModelServer } from '../support/model-server';

let model: ModelServer;
test.beforeAll(async () => {
  model = await startModelServer();
});
test.afterAll(async () => model.close());

test('an admin rule "update post fields: allow when the post is a draft" runs draft edits at once while a live edit still asks (G4, G2) @both-versions', async ({
  context,
  serviceWorker,
  extensionId,
  seed,
}) => {
  const stamp = Date.now();
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
    },
  });
  const { admin } = await retitleDraftAndLive(
    context,
    serviceWorker,
    extensionId,
    seed,
    model,
    stamp,
  );
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
