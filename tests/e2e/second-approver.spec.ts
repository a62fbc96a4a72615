import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Worker } from '@playwright/test';
import { test, expect, launchWithExtension } from './fixtures';
import { WpAdmin } from './pages/wp-admin';
import { OptionsPage } from './pages/options';
import { openThread, useModel } from './support/agent-setup';
import { siteSql } from './support/site-db';
import { block, startModelServer, turn, type ModelServer } from '../support/model-server';
import type { WpSeed } from '../support/wp-env';

// G15 across browsers: an editor's live write waits for a second approver; an admin in another
// browser profile is notified, opens the card in the approvals view and approves; the editor's
// extension runs the write in the editor's session, and the record names both people.
let model: ModelServer;
test.beforeAll(async () => {
  model = await startModelServer();
});
test.afterAll(async () => model.close());

/** The site policy's approvals: live writes need an editor or administrator. */
async function requireSecondApprover(seed: WpSeed): Promise<number> {
  const rows = await siteSql(seed, 'SELECT COALESCE(MAX(version), 0) FROM wp_countersign_policy');
  const version = Number(rows[0]?.[0]) + 1;
  await siteSql(
    seed,
    `INSERT INTO wp_countersign_policy (version, policy, approvals, user_id, created_at, record_id) VALUES (${version}, '{}', '{"classes":{"live-write":{}}}', ${seed.users.admin.id}, ${Date.now()}, 'e2e-approvals-${version}')`,
  );
  return version;
}

/** Watches what the worker asks Chromium to show (the real call still happens). */
async function watchNotifications(worker: Worker): Promise<void> {
  await worker.evaluate(() => {
    const api = chrome.notifications;
    const create = api.create.bind(api) as (...args: unknown[]) => Promise<string>;
    const shown: unknown[] = [];
    (globalThis as unknown as { shownNotifications: unknown[] }).shownNotifications = shown;
    api.create = ((...args: unknown[]) => {
      shown.push({ id: args[0], ...(args[1] as object) });
      return create(...args);
    }) as typeof api.create;
  });
}

test('a second person approves from their own browser; the requester cannot (G15, P7) @both-versions', async ({
  context,
  serviceWorker,
  extensionId,
  seed,
}, testInfo) => {
  test.setTimeout(240_000);
  const postId = seed.posts.editorPost;
  const title = `Countersigned ${Date.now()}`;
  await siteSql(seed, "DELETE FROM wp_countersign_approvals WHERE status = 'waiting'");
  const version = await requireSecondApprover(seed);
  const dir = mkdtempSync(join(tmpdir(), 'countersign-e2e-approver-'));
  const other = await launchWithExtension(dir);
  try {
    model.setScript([
      turn.reply([block.toolUse('wp_update_post', { type: 'post', id: postId, title }, 'toolu_s')]),
      turn.text('Renamed.', { match: { toolResultFor: 'toolu_s' } }),
    ]);
    serviceWorker.on('console', (m) => {
      if (/requester|approver|pickup/.test(m.text())) console.log('[worker]', m.text());
    });
    await useModel(serviceWorker, model.url);
    const editor = new WpAdmin(await context.newPage(), seed);
    await editor.login('editor1', 'edit.php');
    const { client, threadId, tabId } = await openThread(
      context,
      serviceWorker,
      extensionId,
      editor.page,
    );
    await client.send({ type: 'message-send', threadId, text: 'Rename the post' });
    const waiting = await client.view((v) =>
      v.items.some((i) => i.kind === 'approval' && i.card.secondApprover?.status === 'waiting'),
    );
    const item = waiting.items.find((i) => i.kind === 'approval');
    if (item?.kind !== 'approval') throw new Error('no card');
    const card = item.card;
    // The requester's card says it waits for someone else, and who may approve (a panel
    // opened now shows the thread's latest card).
    const requester = await context.newPage();
    await requester.goto(`chrome-extension://${extensionId}/sidepanel.html?tabId=${tabId}`);
    const shown = requester.getByTestId('approval-card');
    await expect(shown).toContainText('Waiting for an approver');
    await expect(requester.getByTestId('second-approver')).toContainText(
      'editors and administrators',
    );
    await expect(shown.getByRole('button', { name: 'Approve', exact: true })).toHaveCount(0);
    await requester.screenshot({ path: testInfo.outputPath('waiting-card.png') });
    // The requester cannot approve their own call, even by sending the decision directly.
    await client.send({
      type: 'decision',
      threadId,
      recordId: card.recordId,
      payloadHash: card.payloadHash,
      approve: true,
    });
    await client.view((v) =>
      v.items.some((i) => i.kind === 'notice' && /cannot approve it yourself/.test(i.message)),
    );
    const before = await siteSql(seed, `SELECT post_title FROM wp_posts WHERE ID = ${postId}`);
    expect(before[0]?.[0]).not.toBe(title);

    // The approver's own browser, signed in as the administrator.
    const worker = other.serviceWorkers()[0] ?? (await other.waitForEvent('serviceworker'));
    const otherId = new URL(worker.url()).host;
    await watchNotifications(worker);
    const admin = new WpAdmin(await other.newPage(), seed);
    await admin.login('admin', 'edit.php');
    const notices = () =>
      worker.evaluate(
        () =>
          (globalThis as unknown as { shownNotifications: { title: string; message: string }[] })
            .shownNotifications,
      );
    await expect.poll(notices, { timeout: 60_000 }).toHaveLength(1);
    const [notice] = (await notices()) as { id: string; title: string; message: string }[];
    // It names the requester, the tool and the entity.
    expect(notice).toMatchObject({
      title: 'Editor One asks for your approval',
      message: `${card.toolLabel} on “${card.entity?.title}”. Open Countersign to review it.`,
    });

    // The notification opens the approvals view on this call (the URL its click opens).
    const [site, id] = notice!.id.replace('countersign-approver:', '').split(' ');
    expect(id).toBe(card.recordId);
    const view = await other.newPage();
    view.on('console', (m) => console.log('[view]', m.type(), m.text()));
    await view.goto(
      `chrome-extension://${otherId}/approvals.html#${new URLSearchParams({ site: site!, id: id! })}`,
    );
    await expect(view.getByTestId('approvals-list')).toContainText('Requested by');
    await expect(view.getByTestId('requested-by')).toBeVisible();
    const approverCard = view.getByTestId('approval-card');
    await expect(approverCard).toContainText(title);
    await view.screenshot({ path: testInfo.outputPath('approvals-view.png'), fullPage: true });
    const clicked = Date.now();
    const approve = approverCard.getByRole('button', { name: 'Approve', exact: true });
    // The key guard holds a new card's buttons a moment; a keyboard user presses once it lets go.
    await expect(approve).toHaveAttribute('aria-disabled', 'false');
    await approve.focus();
    await view.keyboard.press('Enter');
    await expect(view.getByTestId('approval-status')).toContainText('Approved by');

    // The requester's extension picks it up and runs it in the editor's session, once.
    await expect
      .poll(
        async () =>
          (await siteSql(seed, `SELECT post_title FROM wp_posts WHERE ID = ${postId}`))[0]?.[0],
        { timeout: 60_000, intervals: [200] },
      )
      .toBe(title);
    testInfo.annotations.push({
      type: 'click-to-write-ms',
      description: String(Date.now() - clicked),
    });
    await client.view((v) => !v.busy && v.items.some((i) => i.kind === 'result'));
    // The requester's card says who countersigned, by their display name.
    const [[adminName]] = await siteSql(
      seed,
      `SELECT display_name FROM wp_users WHERE ID = ${seed.users.admin.id}`,
    );
    await expect(requester.getByTestId('decided-card')).toContainText(`Approved by ${adminName}.`);
    await requester.screenshot({ path: testInfo.outputPath('countersigned-card.png') });
    const record = await serviceWorker.evaluate(async (recordId) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open('countersign');
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      return new Promise<{ status: string; decidedBy: string; owner: { userId: string } }>(
        (resolve) => {
          const get = db.transaction('records').objectStore('records').get(recordId);
          get.onsuccess = () => resolve(get.result);
        },
      );
    }, card.recordId);
    // The audit names both: the requester owns the record, the approver decided it.
    expect(record).toMatchObject({
      status: 'run',
      decidedBy: String(seed.users.admin.id),
      owner: { userId: String(seed.users.editor1.id) },
    });
    const writes = await siteSql(
      seed,
      `SELECT COUNT(*) FROM wp_posts WHERE post_parent = ${postId} AND post_type = 'revision' AND post_title = '${title}'`,
    );
    expect(Number(writes[0]?.[0])).toBe(1);
    expect(tabId).toBeGreaterThan(0);

    // The site's audit, read in the approver's own browser, names both people: the requester
    // as the record's user and the approver, by display name, as the one who decided.
    await expect
      .poll(
        async () =>
          (
            await siteSql(
              seed,
              `SELECT status FROM wp_countersign_records WHERE id = '${card.recordId}'`,
            )
          )[0]?.[0],
        { timeout: 60_000 },
      )
      .toBe('run');
    const options = await OptionsPage.open(other, otherId, 'sync');
    await options.page.getByRole('button', { name: "Show the site's audit" }).first().click();
    const audit = options.page.getByTestId('site-audit');
    await audit.getByLabel('Thread').fill(threadId);
    await audit.getByRole('button', { name: 'Filter' }).click();
    const row = audit
      .getByTestId('site-audit-table')
      .getByRole('row')
      .filter({ hasText: 'wp_update_post' });
    await expect(row).toHaveCount(1);
    await expect(row.getByRole('cell').nth(1)).toHaveText('Editor One');
    await expect(row.getByRole('cell').nth(4)).toHaveText(adminName!);
    await row.getByRole('button', { name: /Open the wp_update_post record/ }).click();
    const opened = options.page.getByTestId('audit-record');
    await expect(opened).toContainText(`Decided by${adminName}`);
    await expect(opened).toContainText(`OwnerEditor One (user ${seed.users.editor1.id})`);
    await expect(opened.locator('.opt-history')).toContainText(`approved by ${adminName}`);
    await options.page.screenshot({
      path: testInfo.outputPath('site-audit-approver.png'),
      fullPage: true,
    });
  } finally {
    await other.close();
    rmSync(dir, { recursive: true, force: true });
    await siteSql(seed, `DELETE FROM wp_countersign_policy WHERE version = ${version}`);
  }
});
