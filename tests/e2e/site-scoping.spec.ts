// Issue 12 item 6: threads belong to a site, not an origin. The stack serves a second
// WordPress under /second/ on the same origin (scripts/wp-stack/second-site.php): the same
// user ids (admin is user 1 on both) and the same post ids, another REST root. A thread
// started on one site must never read or write the other, even from the same tab.
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { WpAdmin } from './pages/wp-admin';
import { openThread, useModel } from './support/agent-setup';
import { block, startModelServer, turn, type ModelServer } from '../support/model-server';
import { readSecondSite, testStackOptions } from '../support/wp-env';

let model: ModelServer;
test.beforeAll(async () => {
  model = await startModelServer();
});
test.afterAll(async () => model.close());

/** A post's raw title, read with the page's own session on the site `restRoot` names. */
function titleOf(page: Page, restRoot: string, id: number): Promise<string> {
  return page.evaluate(
    async ({ restRoot, id }) => {
      const nonce = await fetch(
        restRoot.replace(/wp-json\/$/, 'wp-admin/admin-ajax.php?action=rest-nonce'),
      ).then((r) => r.text());
      const post = await fetch(`${restRoot}wp/v2/posts/${id}?context=edit`, {
        headers: { 'X-WP-Nonce': nonce },
      }).then((r) => r.json());
      return post.title.raw as string;
    },
    { restRoot, id },
  );
}

test('a thread of one site never acts on another WordPress on the same origin, and the card names its site (issue 12 item 6)', async ({
  context,
  serviceWorker,
  extensionId,
  seed,
  wpVersion,
}) => {
  const second = readSecondSite(testStackOptions(process.env, wpVersion).dir);
  const siteA = seed.origins.primary;
  const postId = 1; // "Hello world!" on both sites, both by user 1 (admin)
  expect(second.posts.helloWorld).toBe(postId);
  const newTitle = `Retitled on the first site ${Date.now()}`;
  model.setScript([
    turn.reply([
      block.text('I will retitle post 1.'),
      block.toolUse('wp_update_post', { type: 'post', id: postId, title: newTitle }, 'toolu_site'),
    ]),
    turn.text('Post 1 is retitled.', { match: { toolResultFor: 'toolu_site' } }),
  ]);
  await useModel(serviceWorker, model.url);

  // One person, signed in to both sites as admin (user 1 on each).
  const a = new WpAdmin(await context.newPage(), seed);
  await a.login('admin', 'edit.php');
  const b = await context.newPage();
  await b.goto(second.loginUrl);
  await b.fill('#user_login', second.admin.login);
  await b.fill('#user_pass', second.admin.password);
  await Promise.all([b.waitForURL(/\/second\/wp-admin\//), b.click('#wp-submit')]);
  await b.goto(`${second.adminUrl}edit.php`);
  const titleB = await titleOf(b, second.restRoot, postId);
  const titleA = await titleOf(a.page, siteA.restRoot, postId);
  expect(titleB).not.toBe(newTitle);

  const { client, threadId } = await openThread(context, serviceWorker, extensionId, a.page);
  await client.send({ type: 'message-send', threadId, text: 'Retitle post 1' });
  const waiting = await client.view((v) => v.pending !== null && !v.busy);
  const card = waiting.items.find((i) => i.kind === 'approval');
  if (card?.kind !== 'approval') throw new Error('no approval card');
  // The card says which site the call acts on: the first site, not /second/.
  const hostA = new URL(siteA.url).host;
  expect(card.card.site).toBe(`${hostA}/`);

  // The same tab now shows the second site: the thread of the first cannot be decided there.
  await a.page.goto(`${second.adminUrl}edit.php`);
  await expect
    .poll(() => a.page.evaluate(() => document.body.classList.contains('edit-php')))
    .toBe(true);
  await client.send({
    type: 'decision',
    threadId,
    recordId: card.card.recordId,
    payloadHash: card.card.payloadHash,
    approve: true,
  });
  await expect
    .poll(async () => (await client.pushes()).find((p) => p.type === 'error'))
    .toMatchObject({ type: 'error', message: expect.stringMatching(/another site/) });
  expect(await titleOf(b, second.restRoot, postId)).toBe(titleB);
  expect(await titleOf(b, siteA.restRoot, postId)).toBe(titleA);

  // A panel on the second site does not list the first site's thread.
  const other = await openThread(context, serviceWorker, extensionId, b);
  await expect
    .poll(async () => (await other.client.pushes()).find((p) => p.type === 'thread-list'))
    .toBeTruthy();
  const list = (await other.client.pushes()).find((p) => p.type === 'thread-list');
  if (list?.type !== 'thread-list') throw new Error('no thread list');
  expect(list.threads.map((t) => t.threadId)).not.toContain(threadId);
  expect(other.threadId).not.toBe(threadId);

  // Back on the first site, the same card is approved: the first site's post changes, and
  // the second site's post 1 (same id, same user id) does not.
  await a.open('edit.php');
  const panel = await context.newPage();
  const back = await openThread(context, serviceWorker, extensionId, a.page, { threadId, panel });
  expect(back.view.pending).toBe(card.card.recordId);
  await back.client.send({
    type: 'decision',
    threadId,
    recordId: card.card.recordId,
    payloadHash: card.card.payloadHash,
    approve: true,
  });
  await back.client.view(
    (v) => v.pending === null && !v.busy && v.items.at(-1)?.kind === 'assistant',
  );
  expect(await titleOf(a.page, siteA.restRoot, postId)).toBe(newTitle);
  expect(await titleOf(b, second.restRoot, postId)).toBe(titleB);
  model.assertDone();
});
