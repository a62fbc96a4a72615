import { test, expect } from './fixtures';
import { WpAdmin } from './pages/wp-admin';
import { openThread, useModel } from './support/agent-setup';
import { approverBrowser, siteStatus, type ApproverBrowser } from './support/approvers';
import { siteSql } from './support/site-db';
import { latestPolicy, offeredCard, writePolicyRow } from './support/site-policy-rows';
import { block, startModelServer, turn, type ModelServer } from '../support/model-server';

// Issue 34 with G15, across two browser profiles on WordPress 7.1: the site sends an
// ability's calls to a second approver. The approver's card lists the ability's arguments by
// title, with the post the id names as the site names it for the approver (never the
// requester's words), and the approved ability runs once, as the requester, on the site.
let model: ModelServer;
test.beforeAll(async () => {
  model = await startModelServer();
});
test.afterAll(async () => model.close());

const TOOL = 'ab_countersign-test_add-post-note';

test("a second approver reads an ability's arguments by title and the site's name for its post, and approves it once (C4, G15) @wp7", async ({
  context,
  serviceWorker,
  extensionId,
  seed,
}, testInfo) => {
  test.setTimeout(240_000);
  const [policy, approvals] = await latestPolicy(seed);
  const postId = seed.posts.editorPost;
  const note = `Checked by legal ${Date.now()} <b>ok</b>`;
  const notes = async () =>
    (
      await siteSql(
        seed,
        `SELECT COUNT(*) FROM wp_postmeta WHERE post_id = ${postId} AND meta_key = 'countersign_test_note' AND meta_value = '${note}'`,
      )
    )[0]?.[0];
  await siteSql(seed, "DELETE FROM wp_countersign_approvals WHERE status = 'waiting'");
  let approver: ApproverBrowser | undefined;
  try {
    await writePolicyRow(seed, '{}', JSON.stringify({ tools: { [TOOL]: {} } }));
    model.setScript([
      turn.reply([block.toolUse(TOOL, { post_id: postId, note }, 'toolu_ab_second')]),
      turn.text('Noted.', { match: { toolResultFor: 'toolu_ab_second' } }),
    ]);
    await useModel(serviceWorker, model.url);
    const editor = new WpAdmin(await context.newPage(), seed);
    await editor.login('editor1', 'edit.php');
    const { client, threadId } = await openThread(context, serviceWorker, extensionId, editor.page);
    await client.send({ type: 'message-send', threadId, text: 'Add the note.' });
    const view = await client.view(
      (v) => !v.busy && v.items.some((i) => i.kind === 'approval' && i.card.toolName === TOOL),
    );
    const offered = await offeredCard(seed, view, client);
    const [[title]] = (await siteSql(
      seed,
      `SELECT post_title FROM wp_posts WHERE ID = ${postId}`,
    )) as [[string]];

    approver = await approverBrowser(seed);
    const page = await approver.view(seed.origins.primary.restRoot, offered.recordId);
    const card = page.getByTestId('approval-card');
    await expect(card).toContainText('Add a note to a post');
    await expect(card.getByRole('term').filter({ hasText: 'Note' })).toBeVisible();
    // Nothing on an ability's card was read from an entry, so nothing is withheld.
    await expect(page.getByText('You may not read this entry')).toHaveCount(0);
    await expect(card).toContainText(note); // the markup as text
    await expect(card).toContainText(title);
    await expect(card.locator('b')).toHaveCount(0);
    await page.screenshot({ path: testInfo.outputPath('ability-second-approver.png') });
    const approve = card.getByRole('button', { name: 'Approve', exact: true });
    await expect(approve).toHaveAttribute('aria-disabled', 'false'); // C7: not at once
    await approve.click();
    await expect
      .poll(() => siteStatus(seed, offered.recordId), { timeout: 60_000 })
      .toMatch(/approved|done/);

    // The requester's extension runs it once, as the requester, and the model hears it ran.
    await client.view(
      (v) => !v.busy && v.items.some((i) => i.kind === 'assistant' && i.text === 'Noted.'),
      90_000,
    );
    expect(await notes()).toBe('1');
  } finally {
    await approver?.close();
    await writePolicyRow(seed, policy, approvals);
  }
});
