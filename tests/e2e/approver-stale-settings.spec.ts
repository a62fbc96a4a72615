import { test, expect } from './fixtures';
import { WpAdmin } from './pages/wp-admin';
import { openThread, useModel } from './support/agent-setup';
import { approverBrowser, siteStatus, type ApproverBrowser } from './support/approvers';
import { siteSql } from './support/site-db';
import { latestPolicy, writePolicyRow } from './support/site-policy-rows';
import { block, startModelServer, turn, type ModelServer } from '../support/model-server';
import type { WpSeed } from '../support/wp-env';

// Issue 33 item 4 (G13, G15), across two browser profiles: the administrator asks to change the
// site's tagline, a call the site's approvals send to a second person. While it waits, someone
// else changes the tagline. The second person then approves what their card showed. The
// approval is bound to the settings' stamp: the requester's extension finds the value changed,
// writes nothing, and offers the refreshed card again, which needs a new decision.
let model: ModelServer;
test.beforeAll(async () => {
  model = await startModelServer();
});
test.afterAll(async () => model.close());

const tagline = async (seed: WpSeed) =>
  (
    await siteSql(seed, "SELECT option_value FROM wp_options WHERE option_name = 'blogdescription'")
  )[0]?.[0];
const stampOf = async (seed: WpSeed, id: string) =>
  (await siteSql(seed, `SELECT stamp FROM wp_countersign_approvals WHERE id = '${id}'`))[0]?.[0];
const setTagline = (seed: WpSeed, value: string) =>
  siteSql(
    seed,
    `UPDATE wp_options SET option_value = '${value}' WHERE option_name = 'blogdescription'`,
  );

test('an approval given for a settings value that changed since is not used: nothing is written and the refreshed card is offered again (G13, G15)', async ({
  context,
  serviceWorker,
  extensionId,
  seed,
}, testInfo) => {
  test.setTimeout(240_000);
  const [policy, approvals] = await latestPolicy(seed);
  const before = (await tagline(seed)) ?? '';
  const proposed = `Proposed tagline ${Date.now()}`;
  const meanwhile = `Changed meanwhile ${Date.now()}`;
  await siteSql(seed, "DELETE FROM wp_countersign_approvals WHERE status = 'waiting'");
  let approver: ApproverBrowser | undefined;
  try {
    // Settings changes need a second person; editors may give it (a capability they hold).
    await writePolicyRow(
      seed,
      '{}',
      '{"tools":{"wp_update_settings":{"capability":"edit_others_posts"}}}',
    );
    model.setScript([
      turn.reply([block.toolUse('wp_update_settings', { description: proposed }, 'toolu_set')]),
      turn.text('Changed.', { match: { toolResultFor: 'toolu_set' } }),
    ]);
    await useModel(serviceWorker, model.url);
    const admin = new WpAdmin(await context.newPage(), seed);
    await admin.login('admin');
    await admin.open('options-general.php');
    const { client, threadId, tabId } = await openThread(
      context,
      serviceWorker,
      extensionId,
      admin.page,
    );
    await client.send({ type: 'message-send', threadId, text: 'Change the tagline' });
    const waiting = await client.view((v) =>
      v.items.some((i) => i.kind === 'approval' && i.card.secondApprover?.status === 'waiting'),
    );
    const item = waiting.items.find((i) => i.kind === 'approval');
    if (item?.kind !== 'approval') throw new Error('no card');
    const id = item.card.recordId;
    await expect.poll(() => siteStatus(seed, id)).toBe('waiting');
    const offered = await stampOf(seed, id);
    expect(offered).toMatch(/^settings:[0-9a-f]{64}$/);
    // The requester's panel stays open: its pickup asks the site every few seconds.
    const panel = await context.newPage();
    await panel.goto(`chrome-extension://${extensionId}/sidepanel.html?tabId=${tabId}`);
    await expect(panel.getByTestId('approval-card')).toContainText('Waiting for an approver');

    // Someone else changes the tagline while the call waits.
    await setTagline(seed, meanwhile);

    // Ana, in her own browser profile, approves the card as it was offered.
    approver = await approverBrowser(seed, 'ana');
    const view = await approver.view(seed.origins.primary.restRoot, id);
    const card = view.getByTestId('approval-card');
    await expect(card).toContainText(proposed);
    const approve = card.getByRole('button', { name: 'Approve', exact: true });
    await expect(approve).toHaveAttribute('aria-disabled', 'false');
    await approve.click();
    await expect(view.getByTestId('approval-status')).toContainText('Approved by');

    // The requester's extension picks the approval up, finds the value changed, and offers the
    // refreshed card again: a new stamp, waiting for a new decision. Nothing is written.
    await expect
      .poll(async () => [await siteStatus(seed, id), await stampOf(seed, id)], {
        timeout: 60_000,
      })
      .toEqual(['waiting', expect.not.stringMatching(`^${offered}$`)]);
    expect(await tagline(seed)).toBe(meanwhile);
    const refreshed = await client.view((v) =>
      v.items.some(
        (i) =>
          i.kind === 'approval' &&
          i.card.recordId === id &&
          i.card.secondApprover?.status === 'waiting' &&
          JSON.stringify(i.card).includes(meanwhile),
      ),
    );
    expect(refreshed.items.some((i) => i.kind === 'result')).toBe(false);
    await expect(panel.getByTestId('approval-card')).toContainText(meanwhile);
    await panel.screenshot({ path: testInfo.outputPath('stale-settings-offered-again.png') });
    expect(await tagline(seed)).toBe(meanwhile);
  } finally {
    await approver?.close();
    await siteSql(seed, "DELETE FROM wp_countersign_approvals WHERE status = 'waiting'");
    await setTagline(seed, before);
    await writePolicyRow(seed, policy, approvals);
  }
});
