import type { BrowserContext, Worker } from '@playwright/test';
import { test, expect } from './fixtures';
import { WpAdmin } from './pages/wp-admin';
import { openThread, useModel } from './support/agent-setup';
import { siteSql } from './support/site-db';
import { writeTrustedSetting } from './support/trusted-settings';
import { block, startModelServer, turn, type ModelServer } from '../support/model-server';
import type { WpSeed } from '../support/wp-env';

// Issue 33 items 2 and 3, in the real extension against the real plugin: a site policy of
// `"*": allow` never lets an editor's live update run without a card (G2, G11), and a call the
// site's approvals cover goes to a second approver although the editor's own browser allows
// the tool (G15). The site's policy is restored at the end of each test. On 6.1 only (issue 38):
// none of them writes; the site's policy and approvals routes run on every version in
// tests/integration/server/ (policy, approvals-*), and second-approver.spec.ts runs G15 on 7.1.
let model: ModelServer;
test.beforeAll(async () => {
  model = await startModelServer();
});
test.afterAll(async () => model.close());

/** The latest policy version row (policy, approvals), to restore it afterwards. */
async function latestPolicy(seed: WpSeed): Promise<[string, string]> {
  const rows = await siteSql(
    seed,
    "SELECT policy, IFNULL(approvals, 'NULL') FROM wp_countersign_policy ORDER BY version DESC LIMIT 1",
  );
  return [rows[0]?.[0] ?? '{}', rows[0]?.[1] ?? 'NULL'];
}

/** Stores a policy version as the site holds it (a new version row, as a PUT writes one). */
async function writePolicyRow(seed: WpSeed, policy: string, approvals: string): Promise<void> {
  const quote = (text: string) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  await siteSql(
    seed,
    `INSERT INTO wp_countersign_policy (version, policy, approvals, user_id, created_at, record_id)
     SELECT IFNULL(MAX(version), 0) + 1, ${quote(policy)}, ${approvals === 'NULL' ? 'NULL' : quote(approvals)}, ${seed.users.admin.id}, ${Date.now()}, CONCAT('e2e-g2-', UUID())
     FROM wp_countersign_policy`,
  );
}

/** The editor asks to rename their published post; returns the thread once it settles. */
async function renameLivePost(
  seed: WpSeed,
  fixtures: { context: BrowserContext; serviceWorker: Worker; extensionId: string },
  id: string,
  title: string,
) {
  const { context, serviceWorker, extensionId } = fixtures;
  model.setScript([
    turn.reply([
      block.toolUse('wp_update_post', { type: 'post', id: seed.posts.editorPost, title }, id),
    ]),
    turn.text('Renamed.', { match: { toolResultFor: id } }),
  ]);
  await useModel(serviceWorker, model.url);
  const editor = new WpAdmin(await context.newPage(), seed);
  await editor.login('editor1');
  await editor.open('edit.php');
  const opened = await openThread(context, serviceWorker, extensionId, editor.page);
  await opened.client.send({
    type: 'message-send',
    threadId: opened.threadId,
    text: 'Rename the post',
  });
  const view = await opened.client.view(
    (v) =>
      !v.busy &&
      v.items.some(
        (i) =>
          (i.kind === 'approval' && i.card.toolName === 'wp_update_post') ||
          (i.kind === 'assistant' && i === v.items.at(-1)),
      ),
  );
  return { ...opened, view, editor };
}

const titleOf = async (seed: WpSeed) =>
  (
    await siteSql(seed, `SELECT post_title FROM wp_posts WHERE ID = ${seed.posts.editorPost}`)
  )[0]?.[0];

test('a site policy of "*": allow never lets a live update run without a card (G2, G11)', async ({
  context,
  serviceWorker,
  extensionId,
  seed,
}, testInfo) => {
  test.setTimeout(180_000);
  const [policy, approvals] = await latestPolicy(seed);
  const title = `Site allow ${Date.now()}`;
  try {
    // What one PUT by an administrator stored: every tool allowed.
    await writePolicyRow(seed, '{"*":{"mode":"allow"}}', 'NULL');
    const { view, tabId } = await renameLivePost(
      seed,
      { context, serviceWorker, extensionId },
      'toolu_g2',
      title,
    );
    const item = view.items.find((i) => i.kind === 'approval');
    expect(item?.kind === 'approval' && item.card.toolName).toBe('wp_update_post');
    expect(item?.kind === 'approval' && item.card.reason).toMatch(/would go live/);
    expect(await titleOf(seed)).not.toBe(title);
    const panel = await context.newPage();
    await panel.goto(`chrome-extension://${extensionId}/sidepanel.html?tabId=${tabId}`);
    await expect(panel.getByTestId('approval-card')).toContainText('Waiting for your decision');
    await panel.screenshot({ path: testInfo.outputPath('site-allow-still-asks.png') });
  } finally {
    await writePolicyRow(seed, policy, approvals);
  }
});

test("a call the site's approvals cover goes to a second approver although the editor's own rules allow it (G15)", async ({
  context,
  serviceWorker,
  extensionId,
  seed,
}, testInfo) => {
  test.setTimeout(180_000);
  const [policy, approvals] = await latestPolicy(seed);
  const title = `Local allow ${Date.now()}`;
  await siteSql(seed, "DELETE FROM wp_countersign_approvals WHERE status = 'waiting'");
  try {
    await writePolicyRow(seed, '{}', '{"tools":{"wp_update_post":{}}}');
    // The editor's own browser admin allows the tool, and even every call (typed words).
    await writeTrustedSetting(serviceWorker, 'gatePolicy', {
      policy: { wp_update_post: { mode: 'allow' }, '*': { mode: 'allow' } },
      updatedAt: Date.now(),
    });
    const { view, client, threadId, tabId } = await renameLivePost(
      seed,
      { context, serviceWorker, extensionId },
      'toolu_g15',
      title,
    );
    const item = view.items.find((i) => i.kind === 'approval');
    if (item?.kind !== 'approval') throw new Error('the covered call ran without a card');
    await client.view((v) =>
      v.items.some((i) => i.kind === 'approval' && i.card.secondApprover?.status === 'waiting'),
    );
    // Offered on the site for another person.
    await expect
      .poll(
        async () =>
          (
            await siteSql(
              seed,
              `SELECT status FROM wp_countersign_approvals WHERE id = '${item.card.recordId}'`,
            )
          )[0]?.[0],
      )
      .toBe('waiting');
    // The editor's own approval, sent straight to the background, does not run it.
    await client.send({
      type: 'decision',
      threadId,
      recordId: item.card.recordId,
      payloadHash: item.card.payloadHash,
      approve: true,
    });
    await client.view((v) =>
      v.items.some((i) => i.kind === 'notice' && /cannot approve it yourself/.test(i.message)),
    );
    expect(await titleOf(seed)).not.toBe(title);
    const panel = await context.newPage();
    await panel.goto(`chrome-extension://${extensionId}/sidepanel.html?tabId=${tabId}`);
    await expect(panel.getByTestId('second-approver')).toContainText('editors and administrators');
    await panel.screenshot({ path: testInfo.outputPath('local-allow-second-approver.png') });
    await client.send({
      type: 'decision',
      threadId,
      recordId: item.card.recordId,
      payloadHash: item.card.payloadHash,
      approve: false,
    });
  } finally {
    await writeTrustedSetting(serviceWorker, 'gatePolicy', { policy: {}, updatedAt: Date.now() });
    await writePolicyRow(seed, policy, approvals);
  }
});

test('second-approver rules the extension cannot read make a covered call wait with words, not run (G15 fails closed)', async ({
  context,
  serviceWorker,
  extensionId,
  seed,
}, testInfo) => {
  test.setTimeout(180_000);
  const [policy, approvals] = await latestPolicy(seed);
  const title = `Unreadable ${Date.now()}`;
  try {
    // A hand edit in the database: approvals naming a class that does not exist.
    await writePolicyRow(seed, '{}', '{"classes":{"everything":{}}}');
    await writeTrustedSetting(serviceWorker, 'gatePolicy', {
      policy: { wp_update_post: { mode: 'allow' } },
      updatedAt: Date.now(),
    });
    const { view, client, threadId, tabId } = await renameLivePost(
      seed,
      { context, serviceWorker, extensionId },
      'toolu_g15u',
      title,
    );
    const item = view.items.find((i) => i.kind === 'approval');
    if (item?.kind !== 'approval') throw new Error('the call ran without a card');
    expect(item.card.reason).toMatch(/^Waiting: the site may require a second approver/);
    await client.send({
      type: 'decision',
      threadId,
      recordId: item.card.recordId,
      payloadHash: item.card.payloadHash,
      approve: true,
    });
    await client.view((v) =>
      v.items.some(
        (i) => i.kind === 'notice' && /its rules could not be read just now/.test(i.message),
      ),
    );
    expect(await titleOf(seed)).not.toBe(title);
    const panel = await context.newPage();
    await panel.goto(`chrome-extension://${extensionId}/sidepanel.html?tabId=${tabId}`);
    await expect(panel.getByTestId('second-approver')).toContainText(
      'Waiting: the site requires a second approver, and its rules could not be read just now.',
    );
    await panel.screenshot({ path: testInfo.outputPath('unreadable-approvals-wait.png') });
    await client.send({
      type: 'decision',
      threadId,
      recordId: item.card.recordId,
      payloadHash: item.card.payloadHash,
      approve: false,
    });
  } finally {
    await writeTrustedSetting(serviceWorker, 'gatePolicy', { policy: {}, updatedAt: Date.now() });
    await writePolicyRow(seed, policy, approvals);
  }
});
