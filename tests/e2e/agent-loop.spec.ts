import type { ThreadView } from '../../src/shared/protocols/thread-protocol';
import type { BrowserContext, Worker } from '@playwright/test';
import { test, expect } from './fixtures';
import { WpAdmin } from './pages/wp-admin';
import { OptionsPage } from './pages/options';
import { openThread, useModel } from './support/agent-setup';
import { block, startModelServer, turn, type ModelServer } from '../support/model-server';
import type { WpSeed } from '../support/wp-env';

// Issue 5's agent tests, through the real extension, the real SDK and the real WordPress.
let model: ModelServer;
test.beforeAll(async () => {
  model = await startModelServer();
});
test.afterAll(async () => model.close());
test.beforeEach(() => model.reset());

async function start(
  context: BrowserContext,
  serviceWorker: Worker,
  extensionId: string,
  seed: WpSeed,
  withKey = true,
) {
  await useModel(serviceWorker, model.url, { withKey });
  const admin = new WpAdmin(await context.newPage(), seed);
  await admin.login('editor1', 'edit.php');
  const { client, threadId } = await openThread(context, serviceWorker, extensionId, admin.page);
  return { admin, client, threadId };
}

const cardOf = (view: ThreadView) => {
  const item = view.items.filter((i) => i.kind === 'approval').at(-1);
  if (item?.kind !== 'approval') throw new Error('no approval card');
  return item.card;
};

test('streaming text and thinking, a read that runs, a write that waits; reject sends the exact G8 text (R2, G8)', async ({
  context,
  serviceWorker,
  extensionId,
  seed,
}) => {
  model.setScript([
    turn.reply([
      block.thinking('Find the post first.', 'sig-1'),
      block.text('Looking it up.'),
      block.toolUse('wp_get_entity', { type: 'post', id: seed.posts.editorPost }, 'toolu_read'),
    ]),
    turn.reply(
      [
        block.toolUse(
          'wp_update_post',
          { type: 'post', id: seed.posts.editorPost, title: 'Rejected title' },
          'toolu_write',
        ),
      ],
      {
        match: { toolResultFor: 'toolu_read', thinkingSignature: 'sig-1' },
      },
    ),
    turn.text('Understood, I will leave it.', {
      match: { toolResultText: 'Tool call rejected by user. User\'s note: "keep the old title"' },
    }),
  ]);
  const { client, threadId } = await start(context, serviceWorker, extensionId, seed);
  await client.send({
    type: 'message-send',
    threadId,
    text: 'Improve the title of the editor post',
  });
  const waiting = await client.view((v) => !v.busy && v.pending !== null);
  // A model request retried under load says so in an info notice ("trying again"): not what
  // this test is about. Any other notice fails it, named with its text.
  const shown = waiting.items.filter((i) => !(i.kind === 'notice' && i.level === 'info'));
  expect(shown.map((i) => (i.kind === 'notice' ? `notice: ${i.message}` : i.kind))).toEqual([
    'user',
    'thinking',
    'assistant',
    'tool',
    'tool',
    'approval',
  ]);
  expect(shown[3]).toMatchObject({ tool: 'wp_get_entity', status: 'run' });
  const deltas = (await client.pushes()).filter((p) => p.type === 'text-delta');
  expect(deltas.length).toBeGreaterThan(0);
  const card = cardOf(waiting);
  await client.send({
    type: 'decision',
    threadId,
    recordId: card.recordId,
    payloadHash: card.payloadHash,
    approve: false,
    note: 'keep the old title',
  });
  const after = await client.view(
    (v) => !v.busy && v.pending === null && v.items.at(-1)?.kind === 'assistant',
  );
  expect(after.items.find((i) => i.kind === 'approval')).toMatchObject({ decided: 'rejected' });
  const last = model.messageRequests.at(-1)?.body as {
    messages: Array<{ content: Array<{ type: string; content?: string }> }>;
  };
  const results = last.messages
    .flatMap((m) => (Array.isArray(m.content) ? m.content : []))
    .filter((b) => b.type === 'tool_result');
  expect(results.at(-1)?.content).toBe(
    'Tool call rejected by user. User\'s note: "keep the old title"',
  );
  model.assertDone();
});

test('three calls in one reply: the second asks and the third waits behind it, then runs in turn (G6)', async ({
  context,
  serviceWorker,
  extensionId,
  seed,
}) => {
  const stamp = Date.now();
  model.setScript([
    turn.reply([
      block.toolUse('wp_get_entity', { type: 'post', id: seed.posts.editorPost }, 'toolu_1'),
      block.toolUse(
        'wp_update_post',
        { type: 'post', id: seed.posts.editorPost, excerpt: `First ${stamp}` },
        'toolu_2',
      ),
      block.toolUse(
        'wp_update_post',
        { type: 'post', id: seed.posts.editorPost, excerpt: `Second ${stamp}` },
        'toolu_3',
      ),
    ]),
    turn.text('Both excerpts went through.', { match: { toolResultFor: 'toolu_3' } }),
  ]);
  const { client, threadId } = await start(context, serviceWorker, extensionId, seed);
  await client.send({ type: 'message-send', threadId, text: 'Read it, then set two excerpts' });
  const first = await client.view((v) => !v.busy && v.pending !== null);
  const card = cardOf(first);
  expect(card.waiting).toBe(1);
  expect(card.fields?.find((f) => f.key === 'excerpt')?.proposed).toBe(`First ${stamp}`);
  expect(model.messageRequests).toHaveLength(1); // the turn ended; nothing went back to the model
  await client.send({
    type: 'decision',
    threadId,
    recordId: card.recordId,
    payloadHash: card.payloadHash,
    approve: true,
  });
  const second = await client.view(
    (v) => !v.busy && v.pending !== null && v.pending !== card.recordId,
  );
  const next = cardOf(second);
  expect(next.fields?.find((f) => f.key === 'excerpt')?.proposed).toBe(`Second ${stamp}`);
  await client.send({
    type: 'decision',
    threadId,
    recordId: next.recordId,
    payloadHash: next.payloadHash,
    approve: true,
  });
  await client.view((v) => !v.busy && v.pending === null && v.items.at(-1)?.kind === 'assistant');
  model.assertDone();
});

test('editing an earlier message: the next request no longer holds what followed it (R1)', async ({
  context,
  serviceWorker,
  extensionId,
  seed,
}) => {
  model.setScript([
    turn.text('Answer one about apples.'),
    turn.text('Answer two about pears.'),
    turn.text('Answer about plums.', { match: { lastUserText: 'Tell me about plums' } }),
  ]);
  const { client, threadId } = await start(context, serviceWorker, extensionId, seed);
  await client.send({ type: 'message-send', threadId, text: 'Tell me about apples' });
  await client.view((v) => !v.busy && v.items.length >= 2);
  await client.send({ type: 'message-send', threadId, text: 'Tell me about pears' });
  const before = await client.view((v) => !v.busy && v.items.length >= 4);
  const firstUser = before.items.find((i) => i.kind === 'user')!;
  await client.send({
    type: 'message-edit',
    threadId,
    itemId: firstUser.id,
    text: 'Tell me about plums',
  });
  const after = await client.view(
    (v) => !v.busy && v.items.some((i) => i.kind === 'assistant' && i.text.includes('plums')),
  );
  expect(
    after.items.map((i) => (i.kind === 'user' || i.kind === 'assistant' ? i.text : i.kind)),
  ).toEqual(['Tell me about plums', 'Answer about plums.']);
  const sent = JSON.stringify(model.messageRequests.at(-1)?.body);
  expect(sent).not.toContain('apples');
  expect(sent).not.toContain('pears');
  model.assertDone();
});

test("prompt injection: the admin's draft rule approves a draft edit in a trusted thread, and the same edit asks once a comment by someone else is in the thread (R6, S2, G4)", async ({
  context,
  serviceWorker,
  extensionId,
  seed,
}) => {
  const stamp = Date.now();
  const retitle = (id: string, note: string) =>
    block.toolUse(
      'wp_update_post',
      { type: 'post', id: seed.posts.draft, title: `${note} ${stamp}` },
      id,
    );
  model.setScript([
    turn.reply([retitle('toolu_trusted', 'Trusted retitle')]),
    turn.text('Retitled.', { match: { toolResultFor: 'toolu_trusted' } }),
    turn.reply([
      block.toolUse(
        'wp_list_comments',
        { type: 'post', id: seed.posts.published },
        'toolu_comments',
      ),
    ]),
    turn.reply(
      [
        block.text('A comment asks for a new draft title. Retitling.'),
        retitle('toolu_injected', 'Injected retitle'),
      ],
      { match: { toolResultFor: 'toolu_comments' } },
    ),
  ]);
  await useModel(serviceWorker, model.url);
  const options = await OptionsPage.open(context, extensionId);
  await options.allowDraftUpdates(); // "update an entry: allow when it is a draft"
  const admin = new WpAdmin(await context.newPage(), seed);
  await admin.login('editor1', 'edit.php');

  // A trusted thread: the rule approves the draft edit, which runs without a card.
  const trusted = await openThread(context, serviceWorker, extensionId, admin.page);
  await trusted.client.send({
    type: 'message-send',
    threadId: trusted.threadId,
    text: 'Retitle the draft',
  });
  const ran = await trusted.client.view((v) => !v.busy && v.items.at(-1)?.kind === 'assistant');
  expect(ran.untrusted).toBe(false);
  expect(ran.items.find((i) => i.kind === 'tool')).toMatchObject({
    tool: 'wp_update_post',
    status: 'run',
  });
  expect(ran.items.some((i) => i.kind === 'approval')).toBe(false);

  // An untrusted thread: the same kind of edit, asked for by a comment, waits on a card.
  const untrusted = await openThread(context, serviceWorker, extensionId, admin.page);
  expect(untrusted.threadId).not.toBe(trusted.threadId);
  await untrusted.client.send({
    type: 'message-send',
    threadId: untrusted.threadId,
    text: 'Summarise the comments on the published post',
  });
  const view = await untrusted.client.view((v) => !v.busy && v.pending !== null);
  expect(view.untrusted).toBe(true);
  const card = cardOf(view);
  expect(card.toolName).toBe('wp_update_post');
  expect(card.entity?.id).toBe(seed.posts.draft);
  const title = await admin.page.evaluate(
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
  expect(title).toBe(`Trusted retitle ${stamp}`); // the injected edit did not run
  await untrusted.client.send({
    type: 'decision',
    threadId: untrusted.threadId,
    recordId: card.recordId,
    payloadHash: card.payloadHash,
    approve: false,
    note: 'never',
  });
  await untrusted.client.view((v) => !v.busy && v.pending === null);
});

test('the cached prefix (tools and system prompt) is byte-identical across the turns of a thread (R4 caching)', async ({
  context,
  serviceWorker,
  extensionId,
  seed,
}) => {
  test.setTimeout(240_000);
  const turns = 10;
  const started = Date.now();
  model.setScript(Array.from({ length: turns }, (_, i) => turn.text(`Answer ${i + 1}.`)));
  const { client, threadId } = await start(context, serviceWorker, extensionId, seed);
  for (let i = 0; i < turns; i++) {
    await client.send({ type: 'message-send', threadId, text: `Question ${i + 1}` });
    await client.view(
      (v) => !v.busy && v.items.filter((it) => it.kind === 'assistant').length === i + 1,
    );
  }
  const prefixes = model.messageRequests.map((r) => {
    const body = r.body as { tools: unknown; system: unknown };
    return JSON.stringify([body.tools, body.system]);
  });
  expect(prefixes).toHaveLength(turns);
  expect(new Set(prefixes).size).toBe(1);
  expect(prefixes[0]).toContain('"cache_control"');
  console.log(
    `cached prefix: ${prefixes[0]!.length} bytes, identical across ${turns} turns (${Date.now() - started} ms)`,
  );
});

test('no-agent mode: a / command trashes a post once its card is approved (R3)', async ({
  context,
  serviceWorker,
  extensionId,
  seed,
}) => {
  const { admin, client, threadId } = await start(context, serviceWorker, extensionId, seed, false);
  const created = await admin.page.evaluate(async () => {
    const nonce = await fetch('/wp-admin/admin-ajax.php?action=rest-nonce').then((r) => r.text());
    const post = await fetch('/wp-json/wp/v2/posts', {
      method: 'POST',
      headers: { 'X-WP-Nonce': nonce, 'Content-Type': 'application/json' },
      body: JSON.stringify({ title: 'To be trashed', status: 'draft' }),
    }).then((r) => r.json());
    return post.id as number;
  });
  await client.send({ type: 'message-send', threadId, text: `/trash post ${created}` });
  const view = await client.view((v) => !v.busy && v.pending !== null);
  const card = cardOf(view);
  await client.send({
    type: 'decision',
    threadId,
    recordId: card.recordId,
    payloadHash: card.payloadHash,
    approve: true,
  });
  await client.view((v) => !v.busy && v.pending === null);
  const status = await admin.page.evaluate(async (id) => {
    const nonce = await fetch('/wp-admin/admin-ajax.php?action=rest-nonce').then((r) => r.text());
    return fetch(`/wp-json/wp/v2/posts/${id}?context=edit`, { headers: { 'X-WP-Nonce': nonce } })
      .then((r) => r.json())
      .then((p) => p.status as string);
  }, created);
  expect(status).toBe('trash');
});
