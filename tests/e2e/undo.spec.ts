import type { Page, Worker } from '@playwright/test';
import { test, expect } from './fixtures';
import { WpAdmin } from './pages/wp-admin';
import { ThreadPanel } from './pages/thread-panel';
import { useModel } from './support/agent-setup';
import { block, startModelServer, turn, type ModelServer } from '../support/model-server';

// E4 Undo through the real side panel, background and WordPress.
let model: ModelServer;
test.beforeAll(async () => {
  model = await startModelServer();
});
test.afterAll(async () => model.close());
test.beforeEach(() => model.reset());

/** Calls the REST API in the admin tab as the signed-in person. */
function rest<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const nonce = await fetch('/wp-admin/admin-ajax.php?action=rest-nonce').then((r) => r.text());
      const response = await fetch(`/wp-json/wp/v2/${path}`, {
        method,
        headers: { 'X-WP-Nonce': nonce, 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return response.json();
    },
    { method, path, body },
  ) as Promise<T>;
}

type Post = { id: number; status: string; title: { raw: string }; content: { raw: string } };

async function livePost(page: Page, title: string): Promise<Post> {
  return rest<Post>(page, 'POST', 'posts?context=edit', {
    title,
    status: 'publish',
    content: '<!-- wp:paragraph --><p>The body before.</p><!-- /wp:paragraph -->',
  });
}

/** The audit records the extension holds, as stored. */
function records(worker: Worker) {
  return worker.evaluate(
    () =>
      new Promise<
        Array<{ id: string; tool: string; status: string; transport: string; input: unknown }>
      >((resolve, reject) => {
        const open = indexedDB.open('countersign');
        open.onsuccess = () => {
          const all = open.result.transaction('records').objectStore('records').getAll();
          all.onsuccess = () => resolve(all.result);
          all.onerror = () => reject(all.error);
        };
        open.onerror = () => reject(open.error);
      }),
  );
}

test('Undo of a live change: the card shows the diff back, approving restores WordPress, the record links the write @both-versions', async ({
  context,
  serviceWorker,
  extensionId,
  seed,
}, info) => {
  const admin = new WpAdmin(await context.newPage(), seed);
  await admin.login('editor1');
  const post = await livePost(admin.page, `Before undo ${Date.now()}`);
  const after = `After the agent ${Date.now()}`;
  model.setScript([
    turn.reply([
      block.toolUse(
        'wp_update_post',
        { type: 'post', id: post.id, title: after, content: '<p>The body after.</p>' },
        'toolu_u1',
      ),
    ]),
    turn.text('Both are changed.', { match: { toolResultFor: 'toolu_u1' } }),
    // The model's next turn is told of the Undo, with the person's next message.
    turn.text('You undid my change: the post has its earlier title and body again.', {
      match: { lastUserText: 'The person used Undo in the panel' },
    }),
  ]);
  await useModel(serviceWorker, model.url);
  await admin.open('edit.php');
  const panel = await ThreadPanel.open(context, serviceWorker, extensionId, admin.page);
  await panel.ask('Retitle this post and rewrite its body');
  await panel.approve();
  await expect(panel.result).toContainText('Live', { timeout: 30_000 });
  const undo = panel.result.getByRole('button', { name: 'Undo' });
  await expect(undo).toBeVisible();
  await panel.shot(info.outputPath('undo-offered.png'));
  expect((await rest<Post>(admin.page, 'GET', `posts/${post.id}?context=edit`)).title.raw).toBe(
    after,
  );

  await undo.click();
  await expect(panel.card).toBeVisible({ timeout: 30_000 });
  await expect(panel.card).toContainText('Undo a change');
  const title = panel.card.getByRole('region', { name: 'Title' });
  await expect(title).toContainText('Before undo');
  await expect(panel.card.getByRole('region', { name: 'Content' })).toContainText('before');
  await expect(panel.result.first().getByTestId('undo-state')).toContainText(
    'waits for your approval',
  );
  await panel.shot(info.outputPath('undo-approval-card.png'));
  // Nothing is restored before the person approves.
  expect((await rest<Post>(admin.page, 'GET', `posts/${post.id}?context=edit`)).title.raw).toBe(
    after,
  );

  await panel.approve();
  await expect(panel.result.first().getByTestId('undo-state')).toContainText('Undone', {
    timeout: 30_000,
  });
  await expect(panel.result).toHaveCount(2);
  await panel.shot(info.outputPath('undo-done.png'));
  const now = await rest<Post>(admin.page, 'GET', `posts/${post.id}?context=edit`);
  expect(now).toMatchObject({ status: 'publish', title: { raw: post.title.raw } });
  expect(now.content.raw).toBe(post.content.raw);

  const all = await records(serviceWorker);
  const write = all.find(
    (r) => r.tool === 'wp_update_post' && (r.input as { id: number }).id === post.id,
  );
  const restore = all.find(
    (r) => r.tool === 'wp_restore_entity' && (r.input as { id: number }).id === post.id,
  );
  expect(write?.status).toBe('run');
  expect(restore).toMatchObject({
    status: 'run',
    transport: 'command',
    input: { undoes: write?.id },
  });
  // Not twice: the first card no longer offers Undo.
  await expect(panel.result.first().getByRole('button', { name: 'Undo' })).toHaveCount(0);

  // The model was not asked after the Undo; its next turn knows of it.
  expect(model.messageRequests).toHaveLength(2);
  await panel.ask('What is the state of the post now?');
  await expect(panel.page.getByRole('log', { name: 'Thread' })).toContainText(
    'You undid my change',
    { timeout: 30_000 },
  );
  const told = JSON.stringify(model.messageRequests.at(-1)?.body);
  expect(told).toContain('Undid the change on post');
  expect(told).toContain('What is the state of the post now?');
  model.assertDone();
});

test('Undo of a trash: the post and its comments come back @both-versions', async ({
  context,
  serviceWorker,
  extensionId,
  seed,
}, info) => {
  const admin = new WpAdmin(await context.newPage(), seed);
  await admin.login('editor1');
  const post = await livePost(admin.page, `Trash me ${Date.now()}`);
  const kept = await rest<{ id: number }>(admin.page, 'POST', 'comments', {
    post: post.id,
    content: 'A reader’s kind words.',
    status: 'approved',
  });
  const held = await rest<{ id: number }>(admin.page, 'POST', 'comments', {
    post: post.id,
    content: 'Waiting for moderation.',
    status: 'hold',
  });
  model.setScript([
    turn.reply([block.toolUse('wp_trash_entity', { type: 'post', id: post.id }, 'toolu_t1')]),
    turn.text('It is in the trash.', { match: { toolResultFor: 'toolu_t1' } }),
  ]);
  await useModel(serviceWorker, model.url);
  await admin.open('edit.php');
  const panel = await ThreadPanel.open(context, serviceWorker, extensionId, admin.page);
  await panel.ask(`Trash post ${post.id}`);
  await panel.approve();
  await expect(panel.result).toBeVisible({ timeout: 30_000 });
  expect((await rest<Post>(admin.page, 'GET', `posts/${post.id}?context=edit`)).status).toBe(
    'trash',
  );
  const commentStatus = async (id: number) =>
    (await rest<{ status: string }>(admin.page, 'GET', `comments/${id}?context=edit`)).status;
  expect(await commentStatus(kept.id)).toBe('post-trashed');

  await panel.result.getByRole('button', { name: 'Undo' }).click();
  await expect(panel.card).toBeVisible({ timeout: 30_000 });
  await expect(panel.card.getByRole('region', { name: 'Status' })).toContainText('publish');
  await panel.shot(info.outputPath('undo-trash-card.png'));
  await panel.approve();
  await expect(panel.result.first().getByTestId('undo-state')).toContainText('Undone', {
    timeout: 30_000,
  });
  await panel.shot(info.outputPath('undo-trash-done.png'));
  expect((await rest<Post>(admin.page, 'GET', `posts/${post.id}?context=edit`)).status).toBe(
    'publish',
  );
  expect(await commentStatus(kept.id)).toBe('approved');
  expect(await commentStatus(held.id)).toBe('hold');
});

test('Undo is refused after a later change, and the card says what changed @both-versions', async ({
  context,
  serviceWorker,
  extensionId,
  seed,
}, info) => {
  const admin = new WpAdmin(await context.newPage(), seed);
  await admin.login('editor1');
  const post = await livePost(admin.page, `Changed later ${Date.now()}`);
  model.setScript([
    turn.reply([
      block.toolUse(
        'wp_update_post',
        { type: 'post', id: post.id, title: 'The agent’s title' },
        'toolu_r1',
      ),
    ]),
    turn.text('Retitled.', { match: { toolResultFor: 'toolu_r1' } }),
  ]);
  await useModel(serviceWorker, model.url);
  await admin.open('edit.php');
  const panel = await ThreadPanel.open(context, serviceWorker, extensionId, admin.page);
  await panel.ask('Retitle it');
  await panel.approve();
  await expect(panel.result.getByRole('button', { name: 'Undo' })).toBeVisible({
    timeout: 30_000,
  });
  await admin.page.waitForTimeout(1100); // modified_gmt counts seconds
  await rest(admin.page, 'POST', `posts/${post.id}`, { title: 'A person’s later title' });

  await panel.result.getByRole('button', { name: 'Undo' }).click();
  const state = panel.result.getByTestId('undo-state');
  await expect(state).toContainText('Undo is not possible', { timeout: 30_000 });
  await expect(state).toContainText('the title is now “A person’s later title”');
  await expect(panel.card).toHaveCount(0);
  await panel.shot(info.outputPath('undo-refused.png'));
  expect((await rest<Post>(admin.page, 'GET', `posts/${post.id}?context=edit`)).title.raw).toBe(
    'A person’s later title',
  );
  expect(
    (await records(serviceWorker)).some(
      (r) => r.tool === 'wp_restore_entity' && (r.input as { id: number }).id === post.id,
    ),
  ).toBe(false);
});

test('a permanent delete says before approval that it cannot be undone', async ({
  context,
  serviceWorker,
  extensionId,
  seed,
}, info) => {
  const admin = new WpAdmin(await context.newPage(), seed);
  await admin.login('editor1');
  const post = await livePost(admin.page, `Delete me ${Date.now()}`);
  model.setScript([
    turn.reply([block.toolUse('wp_delete_entity', { type: 'post', id: post.id }, 'toolu_d1')]),
    turn.text('Kept.', { match: { toolResultFor: 'toolu_d1' } }),
  ]);
  await useModel(serviceWorker, model.url);
  await admin.open('edit.php');
  const panel = await ThreadPanel.open(context, serviceWorker, extensionId, admin.page);
  await panel.ask(`Delete post ${post.id} for good`);
  await expect(panel.card).toBeVisible({ timeout: 30_000 });
  await expect(panel.card.getByTestId('irreversible')).toContainText('This cannot be undone.');
  await panel.shot(info.outputPath('delete-irreversible.png'));
  await panel.reject('Keep it');
  await expect(panel.page.getByTestId('decided-card')).toContainText('Rejected', {
    timeout: 30_000,
  });
  expect((await rest<Post>(admin.page, 'GET', `posts/${post.id}?context=edit`)).status).toBe(
    'publish',
  );
});
