import type { Page, Worker } from '@playwright/test';
import { test, expect } from './fixtures';
import { WpAdmin } from './pages/wp-admin';
import { ThreadPanel } from './pages/thread-panel';
import { useModel } from './support/agent-setup';
import { siteSql } from './support/site-db';
import { ThreadClient } from './support/thread-client';
import { block, startModelServer, turn, type ModelServer } from '../support/model-server';
import { readSecondSite, testStackOptions, type WpSeed } from '../support/wp-env';

// Issue 33 item 4 / issue 35 item 4: Publish on a result card is the person's call through
// the gate, like Undo (U1, U2, G2, G15). Before, a click published at once, past the site's
// policy and its second approvers, and hand-built a record that named no site root, so a
// publish on the /second/ site was filed under the origin's root site.
let model: ModelServer;
test.beforeAll(async () => {
  model = await startModelServer();
});
test.afterAll(async () => model.close());
test.beforeEach(() => model.reset());

/** A draft made with the page's own session on the site whose REST root is `restRoot`. */
function createDraft(page: Page, restRoot: string, title: string): Promise<number> {
  return page.evaluate(
    async ({ restRoot, title }) => {
      const ajax = restRoot.replace(/wp-json\/$/, 'wp-admin/admin-ajax.php?action=rest-nonce');
      const nonce = await fetch(ajax).then((r) => r.text());
      const post = await fetch(`${restRoot}wp/v2/posts`, {
        method: 'POST',
        headers: { 'X-WP-Nonce': nonce, 'Content-Type': 'application/json' },
        body: JSON.stringify({ title, status: 'draft', content: '<p>Draft body.</p>' }),
      }).then((r) => r.json());
      return post.id as number;
    },
    { restRoot, title },
  );
}

/** A post's status, read with the page's own session. */
function statusOf(page: Page, restRoot: string, id: number): Promise<string> {
  return page.evaluate(
    async ({ restRoot, id }) => {
      const ajax = restRoot.replace(/wp-json\/$/, 'wp-admin/admin-ajax.php?action=rest-nonce');
      const nonce = await fetch(ajax).then((r) => r.text());
      const post = await fetch(`${restRoot}wp/v2/posts/${id}?context=edit`, {
        headers: { 'X-WP-Nonce': nonce },
      }).then((r) => r.json());
      return post.status as string;
    },
    { restRoot, id },
  );
}

type StoredRecord = {
  id: string;
  tool: string;
  status: string;
  transport: string;
  input: { id?: number };
  decidedBy?: string;
  owner: { userId: string; siteOrigin: string; siteRoot?: string };
};

/** The audit records the extension holds, as stored. */
function records(worker: Worker): Promise<StoredRecord[]> {
  return worker.evaluate(
    () =>
      new Promise<StoredRecord[]>((resolve, reject) => {
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
     SELECT IFNULL(MAX(version), 0) + 1, ${quote(policy)}, ${approvals === 'NULL' ? 'NULL' : quote(approvals)}, ${seed.users.admin.id}, ${Date.now()}, CONCAT('e2e-publish-', UUID())
     FROM wp_countersign_policy`,
  );
}

/** The model adds an excerpt to draft `id`; the person approves; the result card offers Publish. */
async function draftWithResultCard(panel: ThreadPanel, id: number, toolUseId: string) {
  model.setScript([
    turn.reply([
      block.toolUse('wp_update_post', { type: 'post', id, excerpt: 'Ready.' }, toolUseId),
    ]),
    turn.text('The draft has its excerpt.', { match: { toolResultFor: toolUseId } }),
  ]);
  await panel.ask('Add an excerpt to this draft');
  await panel.approve();
  await expect(panel.result).toContainText('Draft', { timeout: 30_000 });
  await expect(panel.result.getByRole('button', { name: 'Publish' })).toBeVisible();
}

test("Publish waits for a second approver when the site's approvals cover live writes; the requester cannot approve it (U2, G2, G15)", async ({
  context,
  serviceWorker,
  extensionId,
  seed,
}, info) => {
  test.setTimeout(180_000);
  const [policy, approvals] = await latestPolicy(seed);
  await siteSql(seed, "DELETE FROM wp_countersign_approvals WHERE status = 'waiting'");
  try {
    // The site: every write that goes live needs an editor or administrator other than the
    // requester. The excerpt lands on a draft (not live), so the editor approves it alone.
    await writePolicyRow(seed, '{}', '{"classes":{"live-write":{}}}');
    await useModel(serviceWorker, model.url);
    const admin = new WpAdmin(await context.newPage(), seed);
    await admin.login('editor1');
    const root = seed.origins.primary.restRoot;
    const id = await createDraft(admin.page, root, `Publish under G15 ${Date.now()}`);
    await admin.editPost(id);
    const panel = await ThreadPanel.open(context, serviceWorker, extensionId, admin.page);
    await draftWithResultCard(panel, id, 'toolu_p15');

    await panel.result.getByRole('button', { name: 'Publish' }).click();
    // Not published: the publish is a call, and the site sends it to a second approver.
    await expect(panel.card).toBeVisible({ timeout: 30_000 });
    await expect(panel.card).toContainText('Publish');
    await expect(panel.card).toContainText('Waiting for an approver');
    await expect(panel.page.getByTestId('second-approver')).toContainText(
      'editors and administrators',
    );
    await expect(panel.card.getByRole('button', { name: 'Approve', exact: true })).toHaveCount(0);
    await expect(panel.result.getByTestId('publish-state')).toContainText(
      'waits for approval below',
    );
    await panel.shot(info.outputPath('publish-second-approver.png'));
    expect(await statusOf(admin.page, root, id)).toBe('draft');

    // The requester's own approval, sent straight to the background, does not publish it.
    const client = await ThreadClient.connect(panel.page);
    await client.send({ type: 'thread-open', tabId: panel.tabId });
    const view = await client.view((v) =>
      v.items.some((i) => i.kind === 'approval' && i.card.secondApprover?.status === 'waiting'),
    );
    const item = view.items.find((i) => i.kind === 'approval' && !i.decided);
    if (item?.kind !== 'approval') throw new Error('no publish card');
    expect(item.card.toolName).toBe('wp_publish_entity');
    await client.send({
      type: 'decision',
      threadId: view.threadId,
      recordId: item.card.recordId,
      payloadHash: item.card.payloadHash,
      approve: true,
    });
    await client.view((v) =>
      v.items.some((i) => i.kind === 'notice' && /cannot approve it yourself/.test(i.message)),
    );
    expect(await statusOf(admin.page, root, id)).toBe('draft');
    // Offered on the site for another person; recorded like any call, as the person's.
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
    const record = (await records(serviceWorker)).find((r) => r.id === item.card.recordId);
    expect(record).toMatchObject({
      tool: 'wp_publish_entity',
      status: 'pending',
      transport: 'command',
      input: { id },
      owner: { userId: String(seed.users.editor1.id), siteRoot: root },
    });
    await client.send({
      type: 'decision',
      threadId: view.threadId,
      recordId: item.card.recordId,
      payloadHash: item.card.payloadHash,
      approve: false,
    });
  } finally {
    await writePolicyRow(seed, policy, approvals);
  }
});

test('Publish on the /second/ site asks first, and its record names that site, not the root site (U2, G2) @both-versions', async ({
  context,
  serviceWorker,
  extensionId,
  seed,
  wpVersion,
}, info) => {
  test.setTimeout(180_000);
  const second = readSecondSite(testStackOptions(process.env, wpVersion).dir);
  // The same origin as the root site, another site root: what the record must keep apart.
  const root = seed.origins.primary.restRoot;
  expect(new URL(second.restRoot).origin).toBe(new URL(root).origin);
  expect(second.restRoot).not.toBe(root);
  await useModel(serviceWorker, model.url);
  const page = await context.newPage();
  await page.goto(second.loginUrl);
  await page.fill('#user_login', second.admin.login);
  await page.fill('#user_pass', second.admin.password);
  await Promise.all([page.waitForURL(/\/second\/wp-admin\//), page.click('#wp-submit')]);
  const id = await createDraft(page, second.restRoot, `Second-site draft ${Date.now()}`);
  await page.goto(`${second.adminUrl}edit.php`);
  const panel = await ThreadPanel.open(context, serviceWorker, extensionId, page);
  await draftWithResultCard(panel, id, 'toolu_p2');

  await panel.result.getByRole('button', { name: 'Publish' }).click();
  // G2: publishing goes live, so it asks, whatever the policy says; nothing is live yet.
  await expect(panel.card).toBeVisible({ timeout: 30_000 });
  await expect(panel.card.getByRole('region', { name: 'Status' })).toContainText('publish');
  await panel.shot(info.outputPath('publish-approval-card.png'));
  expect(await statusOf(page, second.restRoot, id)).toBe('draft');
  await panel.approve();
  const first = panel.result.first();
  await expect(first).toContainText('Published.', { timeout: 30_000 });
  await expect(first.getByTestId('visibility')).toContainText('Published: visitors see it now.');
  await expect(first.getByRole('button', { name: 'Publish' })).toHaveCount(0);
  await panel.shot(info.outputPath('publish-done.png'));
  expect(await statusOf(page, second.restRoot, id)).toBe('publish');

  const all = await records(serviceWorker);
  const write = all.find((r) => r.tool === 'wp_update_post' && r.input.id === id);
  const publish = all.find((r) => r.tool === 'wp_publish_entity' && r.input.id === id);
  expect(publish).toMatchObject({
    status: 'run',
    transport: 'command',
    decidedBy: String(second.admin.id),
    owner: { userId: String(second.admin.id) },
  });
  // Filed under the /second/ site (its page gives the REST root in either of WordPress's
  // forms), as the write it publishes is: never under the root site of the origin.
  expect(publish?.owner.siteRoot).toBe(write?.owner.siteRoot);
  expect(publish?.owner.siteRoot?.startsWith(`${second.url}/`)).toBe(true);
  // The model was not asked after the publish.
  expect(model.messageRequests).toHaveLength(2);
});
