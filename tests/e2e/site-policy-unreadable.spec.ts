import { test, expect } from './fixtures';
import {
  approverBrowser,
  postTitle,
  revisionsTitled,
  siteStatus,
  type ApproverBrowser,
} from './support/approvers';
import { siteSql } from './support/site-db';
import { latestPolicy, renameLivePost, writePolicyRow } from './support/site-policy-rows';
import { writeTrustedSetting } from './support/trusted-settings';
import { startModelServer, type ModelServer } from '../support/model-server';
import type { WpSeed } from '../support/wp-env';

// Issue 33 item 3, G15 fails closed, in the real extension against the real plugin: the site
// holds the plugin but GET /countersign/v1/policy fails (the test stack's mu-plugin answers
// 500 while its option is set). The editor's live rename, which their own browser allows,
// neither runs nor is approved by them; it waits with words saying why. Once the site's
// rules read again, the wait settles by itself into the normal second-approver path, and
// an administrator in a second browser profile approves it: the write lands once.
let model: ModelServer;
test.beforeAll(async () => {
  model = await startModelServer();
});
test.afterAll(async () => model.close());

/** Makes every GET of the site's policy answer `status` (null: answer as usual again). */
async function policyFails(seed: WpSeed, status: 403 | 500 | null): Promise<void> {
  await siteSql(
    seed,
    "DELETE FROM wp_options WHERE option_name = 'countersign_stack_policy_fails'",
  );
  if (status !== null)
    await siteSql(
      seed,
      `INSERT INTO wp_options (option_name, option_value, autoload) VALUES ('countersign_stack_policy_fails', '${status}', 'no')`,
    );
}

test("the site's policy cannot be read: a covered write waits with words, then goes to a second approver once it reads again (G15 fails closed)", async ({
  context,
  serviceWorker,
  extensionId,
  seed,
}, testInfo) => {
  test.setTimeout(240_000);
  const [policy, approvals] = await latestPolicy(seed);
  const title = `Policy down ${Date.now()}`;
  const postId = seed.posts.editorPost;
  await siteSql(seed, "DELETE FROM wp_countersign_approvals WHERE status = 'waiting'");
  let approver: ApproverBrowser | undefined;
  try {
    // The site's approvals cover the tool, but nobody can read them: the route answers 500.
    await writePolicyRow(seed, '{}', '{"tools":{"wp_update_post":{}}}');
    await policyFails(seed, 500);
    // The editor's own browser admin allows the tool.
    await writeTrustedSetting(serviceWorker, 'gatePolicy', {
      policy: { wp_update_post: { mode: 'allow' } },
      updatedAt: Date.now(),
    });
    const { view, client, threadId, tabId } = await renameLivePost(
      seed,
      { context, serviceWorker, extensionId, model },
      'toolu_g15down',
      title,
    );
    const item = view.items.find((i) => i.kind === 'approval');
    if (item?.kind !== 'approval') throw new Error('the call ran without a card');
    const { recordId, payloadHash } = item.card;
    expect(item.card.reason).toMatch(/^Waiting: the site may require a second approver/);
    expect(item.card.secondApprover).toMatchObject({ status: 'waiting', unreadable: true });
    // The editor's own approval, sent straight to the background, does not run it.
    await client.send({ type: 'decision', threadId, recordId, payloadHash, approve: true });
    await client.view((v) =>
      v.items.some(
        (i) => i.kind === 'notice' && /its rules could not be read just now/.test(i.message),
      ),
    );
    const panel = await context.newPage();
    await panel.goto(`chrome-extension://${extensionId}/sidepanel.html?tabId=${tabId}`);
    const second = panel.getByTestId('second-approver');
    await expect(second).toContainText(
      'Waiting: the site requires a second approver, and its rules could not be read just now.',
    );
    await expect(second).toContainText('reads them again by itself');
    await expect(
      panel.getByTestId('approval-card').getByRole('button', { name: 'Approve', exact: true }),
    ).toHaveCount(0);
    await panel.screenshot({ path: testInfo.outputPath('policy-unreadable-wait.png') });
    // Still unreadable a while later: it still waits, never offered, never run.
    await panel.waitForTimeout(12_000);
    await expect(second).toContainText('could not be read just now');
    expect(await siteStatus(seed, recordId)).toBeUndefined();
    expect(await postTitle(seed, postId)).not.toBe(title);

    // The site answers again: the wait settles by itself (no click), into the normal path.
    await policyFails(seed, null);
    await expect(second).toContainText('editors and administrators', { timeout: 60_000 });
    // The card and the notice no longer say the rules cannot be read.
    await expect(panel.getByText(/could not be read just now/)).toHaveCount(0);
    await expect(panel.getByTestId('approval-card')).toContainText(
      'Why it asks: The site requires a second approver for “Update an entry”',
    );
    await expect.poll(() => siteStatus(seed, recordId)).toBe('waiting');
    await panel.screenshot({ path: testInfo.outputPath('policy-readable-offered.png') });
    expect(await postTitle(seed, postId)).not.toBe(title);

    // An administrator, in their own browser profile, approves it: the write lands once.
    approver = await approverBrowser(seed);
    const approverView = await approver.view(seed.origins.primary.restRoot, recordId);
    const card = approverView.getByTestId('approval-card');
    await expect(card).toContainText(title);
    const approve = card.getByRole('button', { name: 'Approve', exact: true });
    await expect(approve).toHaveAttribute('aria-disabled', 'false');
    await approve.click();
    await expect(approverView.getByTestId('approval-status')).toContainText('Approved by');
    await expect.poll(() => postTitle(seed, postId), { timeout: 60_000 }).toBe(title);
    await client.view((v) => !v.busy && v.items.some((i) => i.kind === 'result'));
    expect(await revisionsTitled(seed, postId, title)).toBe(1);
  } finally {
    await policyFails(seed, null);
    await approver?.close();
    await writeTrustedSetting(serviceWorker, 'gatePolicy', { policy: {}, updatedAt: Date.now() });
    await writePolicyRow(seed, policy, approvals);
  }
});
