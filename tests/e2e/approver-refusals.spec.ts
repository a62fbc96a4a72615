import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { offerRename } from './support/approver-offer';
import {
  approverBrowser,
  postTitle,
  requireSecondApprover,
  revisionsTitled,
  siteStatus,
  type ApproverBrowser,
} from './support/approvers';
import { startModelServer, type ModelServer } from '../support/model-server';

// G15, S6 across two browser profiles: what another browser sends the site for a waiting call
// is checked there, whatever the sender's extension says. A tampered payload hash from the
// admin, and a decision from an author (no capability to approve), are refused with the
// site's reason; the call keeps waiting and nothing is written.
let model: ModelServer;
test.beforeAll(async () => {
  model = await startModelServer();
});
test.afterAll(async () => model.close());

interface Push {
  type: string;
  message?: string;
  canDecide?: boolean;
}

/**
 * Sends `request` over the approvals port from the approver's own extension page, as a
 * tampered view (or another extension's page talking through it) would, and returns the
 * background's answer.
 */
function overApprovalsPort(page: Page, request: object): Promise<Push> {
  return page.evaluate(
    (sent) =>
      new Promise<Push>((resolve) => {
        const port = chrome.runtime.connect({ name: 'approvals' });
        port.onMessage.addListener((message: Push) => {
          if (message.type === 'list') return;
          port.disconnect();
          resolve(message);
        });
        port.postMessage(sent);
      }),
    request,
  );
}

test.describe('second approver refusals', () => {
  let approver: ApproverBrowser;
  let dropPolicy: () => Promise<void>;
  test.afterEach(async () => {
    await approver.close();
    await dropPolicy();
  });

  test('a tampered payload hash from the approver is refused by the site; the call keeps waiting, nothing is written (G15, G7)', async ({
    context,
    serviceWorker,
    extensionId,
    seed,
  }) => {
    test.setTimeout(180_000);
    dropPolicy = await requireSecondApprover(seed);
    approver = await approverBrowser(seed);
    const title = `Tampered ${Date.now()}`;
    const offered = await offerRename(
      { context, serviceWorker, extensionId, seed, model },
      title,
      'tt',
      { toolResultText: 'never', reply: 'never' },
    );
    const view = await approver.view(seed.origins.primary.restRoot, offered.card.recordId);
    await expect(view.getByTestId('approval-card')).toBeVisible({ timeout: 30_000 });
    const answer = await overApprovalsPort(view, {
      type: 'decide',
      target: { siteRoot: seed.origins.primary.restRoot, userId: String(seed.users.admin.id) },
      id: offered.card.recordId,
      approve: true,
      payloadHash: 'c'.repeat(64),
      stamp: offered.card.targetModified ?? null,
    });
    expect(answer.type).toBe('error');
    // The site's own reason, passed on as it said it (and nothing of the session with it).
    expect(answer.message).toContain('the payload hash differs');
    expect(answer.message).not.toMatch(/nonce|cookie|password/i);
    // Still waiting on the site and in the requester's panel; WordPress never wrote it.
    expect(await siteStatus(seed, offered.card.recordId)).toBe('waiting');
    await offered.shown.waitForTimeout(4_000); // past the requester's next pickup (3 s)
    await expect(offered.shown.getByTestId('approval-card')).toContainText(
      'Waiting for an approver',
    );
    expect(await postTitle(seed, seed.posts.editorPost)).not.toBe(title);
    expect(await revisionsTitled(seed, seed.posts.editorPost, title)).toBe(0);
  });

  test('an author cannot approve: nothing waits in their view, and a decision they send is refused by the site (G15)', async ({
    context,
    serviceWorker,
    extensionId,
    seed,
  }, testInfo) => {
    test.setTimeout(180_000);
    dropPolicy = await requireSecondApprover(seed);
    approver = await approverBrowser(seed, 'author1');
    const title = `Not for authors ${Date.now()}`;
    const offered = await offerRename(
      { context, serviceWorker, extensionId, seed, model },
      title,
      'tn',
      { toolResultText: 'never', reply: 'never' },
    );
    const view = await approver.view(seed.origins.primary.restRoot, offered.card.recordId);
    await expect(view.getByTestId('approvals-empty')).toBeVisible({ timeout: 30_000 });
    await expect(view.getByTestId('approval-card')).toHaveCount(0);
    // Opened on the call (as a forwarded notification link would), it says why there is none.
    await expect(view.getByTestId('approval-opening')).toContainText(
      'This call is not waiting for you',
    );
    await view.screenshot({ path: testInfo.outputPath('author-approvals-view.png') });
    const answer = await overApprovalsPort(view, {
      type: 'decide',
      target: { siteRoot: seed.origins.primary.restRoot, userId: String(seed.users.author1.id) },
      id: offered.card.recordId,
      approve: true,
      payloadHash: offered.card.payloadHash,
      stamp: offered.card.targetModified ?? null,
    });
    expect(answer.type).toBe('error');
    expect(answer.message).toMatch(/refused: approving this call needs the \w+ capability/);
    expect(await siteStatus(seed, offered.card.recordId)).toBe('waiting');
    expect(await postTitle(seed, seed.posts.editorPost)).not.toBe(title);
    expect(await revisionsTitled(seed, seed.posts.editorPost, title)).toBe(0);
  });
});
