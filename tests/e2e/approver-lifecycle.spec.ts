import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { offerRename, type Offered } from './support/approver-offer';
import {
  approverBrowser,
  postTitle,
  requireSecondApprover,
  revisionsTitled,
  setApprovalExpiry,
  siteStatus,
  type ApproverBrowser,
} from './support/approvers';
import { siteSql } from './support/site-db';
import { startModelServer, type ModelServer } from '../support/model-server';

// G15 across two browser profiles (requester editor, approver admin), after the happy path of
// second-approver.spec.ts: the requester withdraws; the site's expiry runs out (G12); the post
// changes after the card was offered (G13); the approver's name survives a reopened panel.
let model: ModelServer;
test.beforeAll(async () => {
  model = await startModelServer();
});
test.afterAll(async () => model.close());

/** The requester's notice "you cannot approve it yourself" (the card's reason says it too). */
const selfApprovalNotice = (page: Page) =>
  page.locator('.notice-item', { hasText: /cannot approve it yourself/ });

/** The requester tries to approve their own call: refused with a notice. */
async function approveOwn(offered: Offered): Promise<void> {
  const { client, threadId, card } = offered;
  await client.send({
    type: 'decision',
    threadId,
    recordId: card.recordId,
    payloadHash: card.payloadHash,
    approve: true,
  });
  await expect(selfApprovalNotice(offered.shown)).toHaveCount(1);
}

const approveButton = (page: Page) =>
  page.getByTestId('approval-card').getByRole('button', { name: 'Approve', exact: true });

async function clickApprove(page: Page): Promise<void> {
  const approve = approveButton(page);
  await expect(approve).toHaveAttribute('aria-disabled', 'false');
  await approve.click();
}

test.describe('second approver lifecycle', () => {
  let approver: ApproverBrowser;
  let dropPolicy: () => Promise<void>;
  test.beforeEach(async ({ seed }) => {
    dropPolicy = await requireSecondApprover(seed);
    await setApprovalExpiry(seed, null);
    approver = await approverBrowser(seed);
  });
  test.afterEach(async ({ seed }) => {
    await approver.close();
    await setApprovalExpiry(seed, null);
    await dropPolicy();
  });

  test('the requester withdraws a waiting call: the approver can no longer approve it, nothing is written (G15)', async ({
    context,
    serviceWorker,
    extensionId,
    seed,
  }, testInfo) => {
    test.setTimeout(180_000);
    const title = `Withdrawn ${Date.now()}`;
    const offered = await offerRename(
      { context, serviceWorker, extensionId, seed, model },
      title,
      'tw',
      {
        toolResultText: 'Tool call rejected by user. User\'s note: "Withdrawn by the requester."',
        reply: 'Understood, I will not rename it.',
      },
    );
    await approveOwn(offered);
    const view = await approver.view(seed.origins.primary.restRoot, offered.card.recordId);
    await expect(approveButton(view)).toBeVisible();

    // The requester withdraws from their own panel.
    await offered.shown.getByTestId('withdraw').click();
    await expect.poll(() => siteStatus(seed, offered.card.recordId)).toBe('withdrawn');
    await expect(offered.shown.getByTestId('decided-card')).toContainText('Withdrawn');
    // The stale "you cannot approve it yourself" goes with it.
    await expect(selfApprovalNotice(offered.shown)).toHaveCount(0);
    await expect(offered.shown.getByText('Understood, I will not rename it.')).toBeVisible();
    await offered.shown.screenshot({ path: testInfo.outputPath('requester-withdrawn.png') });

    // The approver's view, still open from before, shows the withdrawal by itself (it asks
    // the site again while shown): no Approve is left to click.
    await expect(view.getByTestId('approval-status')).toContainText('The requester withdrew', {
      timeout: 30_000,
    });
    await expect(approveButton(view)).toHaveCount(0);
    await expect(view.getByTestId('approvals-empty')).toBeVisible();
    await view.screenshot({ path: testInfo.outputPath('approver-withdrawn.png') });
    // Opened afresh, the view no longer offers it.
    const again = await approver.view(seed.origins.primary.restRoot, offered.card.recordId);
    await expect(again.getByTestId('approvals-empty')).toBeVisible();
    await expect(approveButton(again)).toHaveCount(0);

    expect(await siteStatus(seed, offered.card.recordId)).toBe('withdrawn');
    expect(await postTitle(seed, seed.posts.editorPost)).not.toBe(title);
    expect(await revisionsTitled(seed, seed.posts.editorPost, title)).toBe(0);
    model.assertDone();
  });

  test("approved by the other person: the requester's refusal notice goes, and a reopened panel still names the approver (G15)", async ({
    context,
    serviceWorker,
    extensionId,
    seed,
  }, testInfo) => {
    test.setTimeout(180_000);
    const title = `Countersigned again ${Date.now()}`;
    const offered = await offerRename(
      { context, serviceWorker, extensionId, seed, model },
      title,
      'ta',
      {
        toolResultText: title,
        reply: 'Renamed it.',
      },
    );
    await approveOwn(offered);
    const view = await approver.view(seed.origins.primary.restRoot, offered.card.recordId);
    await clickApprove(view);
    await expect
      .poll(() => postTitle(seed, seed.posts.editorPost), { timeout: 60_000 })
      .toBe(title);
    const [[adminName]] = await siteSql(
      seed,
      `SELECT display_name FROM wp_users WHERE ID = ${seed.users.admin.id}`,
    );
    await expect(offered.shown.getByTestId('decided-card')).toContainText(
      `Approved by ${adminName}.`,
    );
    await expect(selfApprovalNotice(offered.shown)).toHaveCount(0);
    await offered.client.view((v) => !v.busy && v.items.some((i) => i.kind === 'result'));

    // Every panel closed, then one opened again on the same tab.
    await offered.shown.close();
    await offered.panel.close();
    const reopened = await context.newPage();
    await reopened.goto(`chrome-extension://${extensionId}/sidepanel.html?tabId=${offered.tabId}`);
    await expect(reopened.getByTestId('decided-card')).toContainText(`Approved by ${adminName}.`);
    await expect(selfApprovalNotice(reopened)).toHaveCount(0);
    await reopened.screenshot({ path: testInfo.outputPath('reopened-approved-by.png') });
    expect(await revisionsTitled(seed, seed.posts.editorPost, title)).toBe(1);
    model.assertDone();
  });

  // The long tier (npm run test:long) waits the real minute; the default run shifts the
  // site's clock for this call instead: its created_at and expires_at a minute earlier, so the
  // site's own expiry pass (expires_at <= now) finds it due at the next request, and the
  // model is still told it expired after 1 minute.
  for (const { tags, shifted } of [
    { tags: '@both-versions @long', shifted: false },
    { tags: '(a shifted clock)', shifted: true },
  ])
    test(`the site's expiry runs out: both sides say expired, the model is told, nothing is written (G12, G15) ${tags}`, async ({
      context,
      serviceWorker,
      extensionId,
      seed,
    }, testInfo) => {
      test.setTimeout(240_000);
      await setApprovalExpiry(seed, 1);
      const title = `Expired ${Date.now()}`;
      const offered = await offerRename(
        { context, serviceWorker, extensionId, seed, model },
        title,
        'te',
        {
          toolResultText: 'The approval request expired after 1 minute without a decision',
          reply: 'Nobody approved it in time.',
        },
      );
      // The requester's card says who may approve and when it expires.
      const note = offered.shown.getByTestId('second-approver');
      await expect(note).toContainText('editors and administrators');
      await expect(note).toContainText(/If nobody decides by .+, it expires and does not run\./);
      expect(offered.card.secondApprover?.expiresAt).toBeGreaterThan(Date.now());
      await offered.shown.screenshot({ path: testInfo.outputPath('requester-expires.png') });
      const view = await approver.view(seed.origins.primary.restRoot, offered.card.recordId);
      await expect(approveButton(view)).toBeVisible();
      if (shifted) {
        await siteSql(
          seed,
          `UPDATE wp_countersign_approvals SET created_at = created_at - 60000, expires_at = expires_at - 60000 WHERE id = '${offered.card.recordId}'`,
        );
      }

      // A minute later the site marks it expired; the requester's extension expires it too.
      await expect
        .poll(() => siteStatus(seed, offered.card.recordId), {
          timeout: 120_000,
          intervals: [2000],
        })
        .toBe('expired');
      await expect(offered.shown.getByTestId('decided-card')).toContainText('Expired', {
        timeout: 30_000,
      });
      await expect(offered.shown.getByText('Nobody approved it in time.')).toBeVisible();
      await offered.shown.screenshot({ path: testInfo.outputPath('requester-expired.png') });
      const record = await serviceWorker.evaluate(async (recordId) => {
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          const open = indexedDB.open('countersign');
          open.onsuccess = () => resolve(open.result);
          open.onerror = () => reject(open.error);
        });
        return new Promise<{ status: string }>((resolve) => {
          const get = db.transaction('records').objectStore('records').get(recordId);
          get.onsuccess = () => resolve(get.result);
        });
      }, offered.card.recordId);
      expect(record.status).toBe('expired'); // never a silent reject

      // The approver's open card says by itself that it expired (asked again while shown).
      await expect(view.getByTestId('approval-status')).toContainText('expired before anyone', {
        timeout: 30_000,
      });
      await expect(approveButton(view)).toHaveCount(0);
      await view.screenshot({ path: testInfo.outputPath('approver-expired.png') });
      expect(await revisionsTitled(seed, seed.posts.editorPost, title)).toBe(0);
      expect(await postTitle(seed, seed.posts.editorPost)).not.toBe(title);
      model.assertDone();
    });

  test('the post changed after the call was offered: the stale approval writes nothing and the card comes back refreshed (G13, G15)', async ({
    context,
    serviceWorker,
    extensionId,
    seed,
  }, testInfo) => {
    test.setTimeout(240_000);
    const postId = seed.posts.editorPost;
    const title = `Stale ${Date.now()}`;
    const offered = await offerRename(
      { context, serviceWorker, extensionId, seed, model },
      title,
      'tg',
      {
        toolResultText: title,
        reply: 'Renamed it after the refresh.',
      },
    );
    const first = await approver.view(seed.origins.primary.restRoot, offered.card.recordId);
    await expect(approveButton(first)).toBeVisible();
    // Someone else changes the post after the card was built (WordPress stamps in seconds).
    await new Promise((r) => setTimeout(r, 1100));
    const changed = `Changed meanwhile ${Date.now()}`;
    const status = await approver.admin.page.evaluate(
      async ({ postId, changed }) => {
        const nonce = await fetch('/wp-admin/admin-ajax.php?action=rest-nonce').then((r) =>
          r.text(),
        );
        const response = await fetch(`/wp-json/wp/v2/posts/${postId}`, {
          method: 'POST',
          headers: { 'X-WP-Nonce': nonce, 'Content-Type': 'application/json' },
          body: JSON.stringify({ content: changed }),
        });
        return response.status;
      },
      { postId, changed },
    );
    expect(status).toBe(200);

    // The approver approves the card as it was offered; the requester's extension finds the
    // post changed and offers the refreshed card again instead of writing.
    await clickApprove(first);
    await expect(first.getByTestId('approval-status')).toContainText('Approved by');
    await expect
      .poll(
        () =>
          siteSql(
            seed,
            `SELECT status, stamp FROM wp_countersign_approvals WHERE id = '${offered.card.recordId}'`,
          ),
        {
          timeout: 60_000,
        },
      )
      .toEqual([['waiting', expect.not.stringMatching(`^${offered.card.targetModified}$`)]]);
    expect(await postTitle(seed, postId)).not.toBe(title);
    expect(await revisionsTitled(seed, postId, title)).toBe(0);

    // The approver's view, still open, takes the refreshed card by itself.
    await expect(first.getByTestId('approval-card')).toContainText('changed since this card', {
      timeout: 30_000,
    });
    // Opened again, the card is the refreshed one: it says the post changed; approving it runs.
    const refreshed = await approver.view(seed.origins.primary.restRoot, offered.card.recordId);
    await expect(refreshed.getByTestId('approval-card')).toContainText('changed since this card');
    await refreshed.screenshot({ path: testInfo.outputPath('approver-refreshed.png') });
    await clickApprove(refreshed);
    await expect.poll(() => postTitle(seed, postId), { timeout: 60_000 }).toBe(title);
    await offered.client.view((v) => !v.busy && v.items.some((i) => i.kind === 'result'));
    expect(await revisionsTitled(seed, postId, title)).toBe(1);
    // The other person's content is kept: only the title was written.
    const [[content]] = await siteSql(
      seed,
      `SELECT post_content FROM wp_posts WHERE ID = ${postId}`,
    );
    expect(content).toContain(changed);
    model.assertDone();
  });
});
