import type { BrowserContext, Worker } from '@playwright/test';
import { expect, test } from './fixtures';
import { WpAdmin } from './pages/wp-admin';
import { openThread, useModel } from './support/agent-setup';
import { createPost } from './support/block-editor';
import { siteRecordCount, siteSql } from './support/site-db';
import { writeTrustedSetting } from './support/trusted-settings';
import type { ThreadView } from '../../src/shared/protocols/thread-protocol';
import { block, startModelServer, turn, type ModelServer } from '../support/model-server';
import type { WpSeed, WpUserKey } from '../support/wp-env';

// Issue 34 item 2 in the real extension against WordPress 7.1's Abilities API and the test
// stack's abilities plugin (scripts/wp-stack/abilities-test-plugin.php): a read-only ability
// runs at once; a destructive one asks and, approved, runs once; one without annotations asks
// even under an `allow` rule for it (G2) and, rejected, writes nothing; one the site refuses
// the person when it runs writes nothing and the model hears the site's refusal. On 6.1 (no
// Abilities API) the model is offered no abilities at all.
let model: ModelServer;
test.beforeAll(async () => {
  model = await startModelServer();
});
test.afterAll(async () => model.close());

interface Fixtures {
  context: BrowserContext;
  serviceWorker: Worker;
  extensionId: string;
  seed: WpSeed;
}

/** Signs `user` in, opens a thread and sends one message; the model's script calls `tool`. */
async function ask(f: Fixtures, user: WpUserKey, tool: string, input: object, id: string) {
  model.setScript([
    turn.reply([block.toolUse(tool, input as Record<string, unknown>, id)]),
    turn.text('Done.', { match: { toolResultFor: id } }),
  ]);
  await useModel(f.serviceWorker, model.url);
  const admin = new WpAdmin(await f.context.newPage(), f.seed);
  await admin.login(user, 'edit.php');
  const opened = await openThread(f.context, f.serviceWorker, f.extensionId, admin.page);
  await opened.client.send({ type: 'message-send', threadId: opened.threadId, text: 'Go.' });
  const settled = (v: ThreadView) =>
    !v.busy &&
    v.items.some(
      (i) =>
        (i.kind === 'approval' && i.card.toolName === tool && !i.decided) ||
        (i.kind === 'assistant' && i === v.items.at(-1)),
    );
  return { ...opened, admin, view: await opened.client.view(settled) };
}

const toolItem = (view: ThreadView, tool: string) =>
  view.items.find((i) => i.kind === 'tool' && i.tool === tool);

const postField = async (seed: WpSeed, id: number, field: string) =>
  (await siteSql(seed, `SELECT ${field} FROM wp_posts WHERE ID = ${id}`))[0]?.[0];

test('a read-only ability runs at once and its answer reaches the model as data @wp7', async ({
  context,
  serviceWorker,
  extensionId,
  seed,
}, testInfo) => {
  const f = { context, serviceWorker, extensionId, seed };
  test.setTimeout(180_000);
  const before = model.messageRequests.length;
  const { view, tabId } = await ask(
    f,
    'editor1',
    'ab_countersign-test_recent-titles',
    { count: 2 },
    'toolu_ab_read',
  );
  expect(view.items.some((i) => i.kind === 'approval')).toBe(false);
  // The person may open what the site answered under the tool row: its data, as text.
  const panel = await f.context.newPage();
  await panel.goto(`chrome-extension://${f.extensionId}/sidepanel.html?tabId=${tabId}`);
  const row = panel.locator('.tool-row', { hasText: 'Recent post titles' });
  await row.getByText('What the site answered').click();
  const answer = row.locator('.tool-answer pre');
  await expect(answer).toContainText('"title":');
  await panel.screenshot({ path: testInfo.outputPath('ability-answer.png') });
  // The same answer the model read (its tool result), as the person sees it.
  const told = JSON.stringify(model.messageRequests.at(-1)?.body);
  const first = JSON.parse((await answer.innerText()) || '[]')[0] as { id: number };
  expect(told).toContain(`\\"id\\":${first.id}`);
  expect(toolItem(view, 'ab_countersign-test_recent-titles')).toMatchObject({
    status: 'run',
    label: 'Recent post titles',
  });
  const requests = model.messageRequests.slice(before);
  // Offered with its own schema beside the WordPress tools.
  const tools = (requests[0]?.body as { tools: { name: string; input_schema: unknown }[] }).tools;
  expect(
    tools.find((t) => t.name === 'ab_countersign-test_recent-titles')?.input_schema,
  ).toMatchObject({
    type: 'object',
    properties: { count: { type: 'integer', title: 'How many' } },
  });
  expect(tools.some((t) => t.name === 'wp_update_post')).toBe(true);
  expect(tools.some((t) => t.name === 'ab_countersign-test_hidden')).toBe(false);
  expect(JSON.stringify(requests.at(-1)?.body)).toContain('countersign-test/recent-titles');
});

test('a destructive ability asks and, approved, runs once @wp7', async ({
  context,
  serviceWorker,
  extensionId,
  seed,
}, testInfo) => {
  const f = { context, serviceWorker, extensionId, seed };
  test.setTimeout(240_000);
  const admin = new WpAdmin(await f.context.newPage(), f.seed);
  await admin.login('admin');
  const title = `Trash me ${Date.now()}`;
  const postId = await createPost(admin.page, { title, content: 'x' });
  await admin.page.close();
  const { view, client, threadId, tabId } = await ask(
    f,
    'admin',
    'ab_countersign-test_trash-post',
    { post_id: postId },
    'toolu_ab_trash',
  );
  const item = view.items.find((i) => i.kind === 'approval');
  if (item?.kind !== 'approval') throw new Error('the destructive ability ran without a card');
  expect(item.card.toolLabel).toBe('Move a post to the trash');
  expect(item.card.argumentCard?.arguments[0]).toMatchObject({ key: 'post_id', title: 'Post' });
  expect(await postField(f.seed, postId, 'post_status')).toBe('publish');

  const panel = await f.context.newPage();
  await panel.goto(`chrome-extension://${f.extensionId}/sidepanel.html?tabId=${tabId}`);
  const card = panel.getByTestId('approval-card');
  await expect(card.getByTestId('argument-card')).toContainText('The post this ability acts on.');
  // C3: the post the id names, by its title, read with the person's session.
  await expect(card.getByTestId('arg-entity')).toHaveText(`Post ${title}`);
  await expect(card).toContainText('there is no trial run');
  // Nothing claims what the site does not say (its trash may well take the post back).
  await expect(card.getByTestId('irreversible')).toHaveCount(0);
  await expect(card).toContainText('does not say what this replaces or whether it can be undone');
  await panel.screenshot({ path: testInfo.outputPath('ability-card-destructive.png') });

  await client.send({
    type: 'decision',
    threadId,
    recordId: item.card.recordId,
    payloadHash: item.card.payloadHash,
    approve: true,
  });
  const done = await client.view(
    (v) =>
      !v.busy &&
      toolItem(v, 'ab_countersign-test_trash-post')?.kind === 'tool' &&
      v.items.at(-1)?.kind === 'assistant',
  );
  expect(toolItem(done, 'ab_countersign-test_trash-post')).toMatchObject({ status: 'run' });
  expect(await postField(f.seed, postId, 'post_status')).toBe('trash');
  // Once: WordPress keeps one trash meta per trashing.
  const trashed = await siteSql(
    f.seed,
    `SELECT COUNT(*) FROM wp_postmeta WHERE post_id = ${postId} AND meta_key = '_wp_trash_meta_status'`,
  );
  expect(trashed[0]?.[0]).toBe('1');
});

test('an ability without annotations asks even under an allow rule for it, and rejected writes nothing (G2) @wp7', async ({
  context,
  serviceWorker,
  extensionId,
  seed,
}, testInfo) => {
  const f = { context, serviceWorker, extensionId, seed };
  test.setTimeout(240_000);
  const postId = f.seed.posts.editorPost;
  const excerpt = `Excerpt ${Date.now()}`;
  const before = await postField(f.seed, postId, 'post_excerpt');
  try {
    await writeTrustedSetting(f.serviceWorker, 'gatePolicy', {
      policy: { 'ab_countersign-test_set-excerpt': { mode: 'allow' } },
      updatedAt: Date.now(),
    });
    const { view, client, threadId, tabId } = await ask(
      f,
      'editor1',
      'ab_countersign-test_set-excerpt',
      { post_id: postId, excerpt: `<img src=x onerror="document.title='pwned'">${excerpt}` },
      'toolu_ab_bare',
    );
    const item = view.items.find((i) => i.kind === 'approval');
    if (item?.kind !== 'approval') throw new Error('the unannotated ability ran without a card');
    expect(item.card.reason).toMatch(/no classification, so every call asks/);
    const panel = await f.context.newPage();
    await panel.goto(`chrome-extension://${f.extensionId}/sidepanel.html?tabId=${tabId}`);
    const card = panel.getByTestId('approval-card');
    await expect(card).toContainText('does not say what kind of change this makes');
    await expect(card.getByTestId('argument-card')).toContainText(excerpt);
    expect(await card.locator('img').count()).toBe(0);
    await panel.screenshot({ path: testInfo.outputPath('ability-card-unannotated.png') });
    // Keyboard: the person reaches Reject from the card and presses it.
    const reject = card.getByRole('button', { name: 'Reject', exact: true });
    await expect(reject).toHaveAttribute('aria-disabled', 'false');
    await reject.focus();
    await panel.keyboard.press('Enter');
    // The note takes the focus (an effect after the render: focusing Confirm reject before
    // it ran left the focus in the note, and Enter typed a new line there, flaky on 7.1 in
    // CI); the person tabs on from it to Confirm reject.
    await expect(card.getByLabel('Note with the rejection (optional)')).toBeFocused();
    await panel.keyboard.press('Tab');
    const confirm = card.getByRole('button', { name: 'Confirm reject' });
    await expect(confirm).toBeFocused();
    await expect(confirm).toHaveAttribute('aria-disabled', 'false');
    await panel.keyboard.press('Enter');
    await client.view((v) =>
      v.items.some(
        (i) =>
          i.kind === 'approval' &&
          i.card.recordId === item.card.recordId &&
          i.decided === 'rejected',
      ),
    );
    expect(await postField(f.seed, postId, 'post_excerpt')).toBe(before);
    expect(threadId).toBeTruthy();
    expect(await panel.title()).not.toBe('pwned');
  } finally {
    await writeTrustedSetting(f.serviceWorker, 'gatePolicy', { policy: {}, updatedAt: Date.now() });
  }
});

test('the site refuses an approved ability for this person: nothing is written, the refusal is the site’s (A4) @wp7', async ({
  context,
  serviceWorker,
  extensionId,
  seed,
}) => {
  test.setTimeout(240_000);
  const f = { context, serviceWorker, extensionId, seed };
  const postId = seed.posts.editorPost;
  // Administrators only: the site checks that only when it runs (there is no trial run).
  const { view, client, threadId } = await ask(
    f,
    'editor1',
    'ab_countersign-test_trash-post',
    { post_id: postId },
    'toolu_ab_refused',
  );
  const item = view.items.find((i) => i.kind === 'approval');
  if (item?.kind !== 'approval') throw new Error('the destructive ability ran without a card');
  await client.send({
    type: 'decision',
    threadId,
    recordId: item.card.recordId,
    payloadHash: item.card.payloadHash,
    approve: true,
  });
  const done = await client.view((v) => !v.busy && v.items.at(-1)?.kind === 'assistant');
  const tool = toolItem(done, 'ab_countersign-test_trash-post');
  expect(tool).toMatchObject({ status: 'refused' });
  // The audit record says refused, on the site's mirror too (the plugin allows approved → refused).
  await expect
    .poll(() => siteRecordCount(seed, `thread_id = '${threadId}' AND status = 'refused'`), {
      timeout: 60_000,
    })
    .toBe(1);
  expect(await postField(seed, postId, 'post_status')).toBe('publish');
  const last = model.messageRequests.at(-1)?.body;
  expect(JSON.stringify(last)).toContain('The site refused to run');
});

test('a site without the Abilities API offers the model no abilities', async ({
  context,
  serviceWorker,
  extensionId,
  seed,
}) => {
  // Untagged: 6.1 only (WordPress 7.1 has the API, the tests above).
  test.setTimeout(180_000);
  const before = model.messageRequests.length;
  await ask(
    { context, serviceWorker, extensionId, seed },
    'editor1',
    'wp_get_settings',
    {},
    'toolu_no_abilities',
  );
  const body = model.messageRequests[before]?.body as { tools: { name: string }[] };
  expect(body.tools.some((t) => t.name === 'wp_update_post')).toBe(true);
  expect(body.tools.filter((t) => /^abh?_/.test(t.name))).toEqual([]);
});
