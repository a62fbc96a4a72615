import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, expect, EXTENSION_DIR } from './fixtures';
import { WpAdmin } from './pages/wp-admin';
import { openThread, useModel } from './support/agent-setup';
import { auditRecords } from './support/kill-sweep';
import { block, startModelServer, turn, type ModelServer } from '../support/model-server';

let model: ModelServer;
test.beforeAll(async () => {
  model = await startModelServer();
});
test.afterAll(async () => model.close());

test('the built manifest has no externally_connectable, and an admin page cannot reach the extension (S6)', async ({
  context,
  serviceWorker,
  seed,
}) => {
  const manifest = JSON.parse(readFileSync(join(EXTENSION_DIR, 'manifest.json'), 'utf8'));
  expect(manifest).not.toHaveProperty('externally_connectable');
  expect(
    await serviceWorker.evaluate(() => 'externally_connectable' in chrome.runtime.getManifest()),
  ).toBe(false);
  const admin = new WpAdmin(await context.newPage(), seed);
  await admin.login('editor1');
  // Without externally_connectable a web page gets no chrome.runtime to connect with.
  expect(
    await admin.page.evaluate(
      () =>
        typeof (globalThis as { chrome?: { runtime?: { connect?: unknown } } }).chrome?.runtime
          ?.connect,
    ),
  ).toBe('undefined');
});

test('a decision sent from a content script on the admin page is refused: the port drops, the call still waits (S6)', async ({
  context,
  serviceWorker,
  extensionId,
  seed,
}) => {
  const postId = seed.posts.editorPost;
  const excerpt = `Only the panel may approve ${Date.now()}`;
  model.setScript([
    turn.reply([
      block.toolUse('wp_update_post', { type: 'post', id: postId, excerpt }, 'toolu_s6'),
    ]),
  ]);
  await useModel(serviceWorker, model.url);
  const admin = new WpAdmin(await context.newPage(), seed);
  await admin.login('editor1');
  await admin.editPost(postId);
  const { panel, client, threadId } = await openThread(
    context,
    serviceWorker,
    extensionId,
    admin.page,
  );
  await client.send({ type: 'message-send', threadId, text: 'Write an excerpt' });
  const waiting = await client.view((v) => v.pending !== null && !v.busy);
  const card = waiting.items.find((i) => i.kind === 'approval');
  if (card?.kind !== 'approval') throw new Error('no approval card');

  // The extension's own content script world on the admin page (a compromised renderer
  // could run code there): it has chrome.runtime.connect, with the extension's id.
  const cdp = await context.newCDPSession(admin.page);
  const worlds: Array<{ id: number; origin: string; auxData?: { type?: string } }> = [];
  cdp.on('Runtime.executionContextCreated', (e) => worlds.push(e.context));
  await cdp.send('Runtime.enable');
  await expect.poll(() => worlds.some((w) => w.origin.includes(extensionId))).toBe(true);
  const world = worlds.find(
    (w) => w.origin.includes(extensionId) && w.auxData?.type === 'isolated',
  );
  if (!world) throw new Error('no content script world');
  const decision = {
    type: 'decision',
    threadId,
    recordId: card.card.recordId,
    payloadHash: card.card.payloadHash,
    approve: true,
  };
  const { result } = await cdp.send('Runtime.evaluate', {
    contextId: world.id,
    awaitPromise: true,
    returnByValue: true,
    expression: `new Promise((resolve) => {
      const port = chrome.runtime.connect({ name: 'thread' });
      const got = [];
      port.onMessage.addListener((m) => got.push(m.type));
      port.onDisconnect.addListener(() => { void chrome.runtime.lastError; resolve({ dropped: true, got }); });
      port.postMessage({ type: 'thread-open', tabId: 0, threadId: ${JSON.stringify(threadId)} });
      port.postMessage(${JSON.stringify(decision)});
      setTimeout(() => resolve({ dropped: false, got }), 3000);
    })`,
  });
  expect(result.value).toEqual({ dropped: true, got: [] });

  await panel.waitForTimeout(1000);
  const [record] = await auditRecords(panel, excerpt);
  expect(record?.status).toBe('pending');
  const after = await client.view((v) => v.threadId === threadId);
  expect(after.pending).toBe(card.card.recordId);
});
