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

// G15, S6 across browser profiles: what another browser sends the site for a waiting call
// is checked there, whatever the sender's extension says. A decision from an author (no
// capability to approve) and a tampered payload hash from the admin are refused with the
// site's reason; the call keeps waiting and nothing is written. One call, offered once, meets
// both (they were two tests with a requester each until issue 38); every refusal the site
// makes, on every version, is tests/integration/server/approvals-decide.test.ts. What only the
// browser proves is here: the background passes the site's reason on without session data,
// the author's view says why nothing waits, the requester's panel keeps waiting.
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

test('an author and a tampered payload hash are refused by the site; the call keeps waiting, nothing is written (G15, G7)', async ({
  context,
  serviceWorker,
  extensionId,
  seed,
}, testInfo) => {
  test.setTimeout(240_000);
  const dropPolicy = await requireSecondApprover(seed);
  let approver: ApproverBrowser | undefined;
  try {
    const title = `Refused ${Date.now()}`;
    const offered = await offerRename(
      { context, serviceWorker, extensionId, seed, model },
      title,
      'tr',
      { toolResultText: 'never', reply: 'never' },
    );
    const unchanged = async () => {
      expect(await siteStatus(seed, offered.card.recordId)).toBe('waiting');
      expect(await postTitle(seed, seed.posts.editorPost)).not.toBe(title);
      expect(await revisionsTitled(seed, seed.posts.editorPost, title)).toBe(0);
    };

    // An author cannot approve: nothing waits in their view, and a decision they send anyway
    // is refused by the site.
    approver = await approverBrowser(seed, 'author1');
    const authorView = await approver.view(seed.origins.primary.restRoot, offered.card.recordId);
    await expect(authorView.getByTestId('approvals-empty')).toBeVisible({ timeout: 30_000 });
    await expect(authorView.getByTestId('approval-card')).toHaveCount(0);
    // Opened on the call (as a forwarded notification link would), it says why there is none.
    await expect(authorView.getByTestId('approval-opening')).toContainText(
      'This call is not waiting for you',
    );
    await authorView.screenshot({ path: testInfo.outputPath('author-approvals-view.png') });
    const refused = await overApprovalsPort(authorView, {
      type: 'decide',
      target: { siteRoot: seed.origins.primary.restRoot, userId: String(seed.users.author1.id) },
      id: offered.card.recordId,
      approve: true,
      payloadHash: offered.card.payloadHash,
      stamp: offered.card.targetModified ?? null,
    });
    expect(refused.type).toBe('error');
    expect(refused.message).toMatch(/refused: approving this call needs the \w+ capability/);
    await unchanged();
    await approver.close();
    approver = undefined;

    // The admin may approve, but a tampered payload hash is refused by the site.
    approver = await approverBrowser(seed);
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
    await unchanged();
    await offered.shown.waitForTimeout(4_000); // past the requester's next pickup (3 s)
    await expect(offered.shown.getByTestId('approval-card')).toContainText(
      'Waiting for an approver',
    );
    await unchanged();
  } finally {
    await approver?.close();
    await dropPolicy();
  }
});
