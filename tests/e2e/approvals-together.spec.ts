import { test, expect } from './fixtures';
import { WpAdmin } from './pages/wp-admin';
import { openThread, useModel } from './support/agent-setup';
import { approverBrowser, postTitle, siteStatus, type ApproverBrowser } from './support/approvers';
import { siteSql } from './support/site-db';
import { latestPolicy, writePolicyRow } from './support/site-policy-rows';
import { block, startModelServer, turn, type ModelServer } from '../support/model-server';
import type { ThreadView } from '../../src/shared/protocols/thread-protocol';

// Issue 36 item 1 for second approvers (G7, G15), across two browser profiles: the editor's
// agent asks to rename two posts in two threads; both wait for an approver. The admin, in
// their own browser, ticks both in the approvals view and sees both cards side by side, none
// pre-selected; approves one and leaves the other out with a note. Each decision is bound to
// its own call: the approved rename is written once in the editor's session, the other is
// rejected on the site and never written.
let model: ModelServer;
test.beforeAll(async () => {
  model = await startModelServer();
});
test.afterAll(async () => model.close());

test('a second approver decides two waiting calls together: the ticked one runs once, the other is rejected with the note (G7, G15)', async ({
  context,
  serviceWorker,
  extensionId,
  seed,
}, testInfo) => {
  test.setTimeout(240_000);
  const [policy, approvals] = await latestPolicy(seed);
  const stamp = Date.now();
  const first = { id: seed.posts.editorPost, title: `Together one ${stamp}` };
  const second = { id: seed.posts.published, title: `Together two ${stamp}` };
  const before = {
    first: await postTitle(seed, first.id),
    second: await postTitle(seed, second.id),
  };
  await siteSql(seed, "DELETE FROM wp_countersign_approvals WHERE status = 'waiting'");
  let approver: ApproverBrowser | undefined;
  try {
    await writePolicyRow(seed, '{}', '{"tools":{"wp_update_post":{}}}');
    model.setScript([
      turn.reply([block.toolUse('wp_update_post', { type: 'post', ...first }, 'toolu_one')], {
        match: { lastUserText: 'Rename the first' },
      }),
      turn.reply([block.toolUse('wp_update_post', { type: 'post', ...second }, 'toolu_two')], {
        match: { lastUserText: 'Rename the second' },
      }),
      // The two threads go on in either order once their calls are decided.
      turn.text('Done.'),
      turn.text('Done.'),
    ]);
    await useModel(serviceWorker, model.url);
    const editor = new WpAdmin(await context.newPage(), seed);
    await editor.login('editor1', 'edit.php');
    const offered = async (text: string) => {
      const thread = await openThread(context, serviceWorker, extensionId, editor.page);
      await thread.client.send({ type: 'message-send', threadId: thread.threadId, text });
      const view = await thread.client.view((v: ThreadView) =>
        v.items.some((i) => i.kind === 'approval' && i.card.secondApprover?.status === 'waiting'),
      );
      const item = view.items.find((i) => i.kind === 'approval');
      if (item?.kind !== 'approval') throw new Error('no card');
      await expect.poll(() => siteStatus(seed, item.card.recordId)).toBe('waiting');
      return { ...thread, recordId: item.card.recordId };
    };
    const one = await offered('Rename the first');
    const two = await offered('Rename the second');

    approver = await approverBrowser(seed);
    const view = await approver.context.newPage();
    await view.goto(`chrome-extension://${approver.extensionId}/approvals.html`);
    await view.getByTestId(`together-${one.recordId}`).check();
    await view.getByTestId(`together-${two.recordId}`).check();
    const together = view.getByTestId('together');
    await expect(together).toContainText('2 calls to decide together');
    const card = together.getByTestId('approval-card');
    // Both proposals, each on its own card (the list's order decides which comes first).
    await expect(card).toContainText(first.title);
    await expect(card).toContainText(second.title);
    await expect(card.getByTestId('batch-member')).toHaveCount(1);
    // Nothing is pre-selected: each call is approved on purpose.
    await expect(card.getByTestId(`select-${one.recordId}`)).not.toBeChecked();
    await expect(card.getByTestId(`select-${two.recordId}`)).not.toBeChecked();
    await view.screenshot({ path: testInfo.outputPath('approvals-together.png'), fullPage: true });
    await card.getByTestId(`select-${one.recordId}`).check();
    await card.getByLabel('Note for the calls you leave out (optional)').fill('Not this one.');
    const approve = card.getByTestId('approve-selected');
    await expect(approve).toHaveText('Approve selected (1 of 2)');
    await expect(approve).toHaveAttribute('aria-disabled', 'false');
    await approve.click();

    await expect.poll(() => siteStatus(seed, one.recordId), { timeout: 30_000 }).toBe('approved');
    await expect.poll(() => siteStatus(seed, two.recordId), { timeout: 30_000 }).toBe('rejected');
    // The requester's extension runs the approved one in the editor's session, once.
    await expect
      .poll(() => postTitle(seed, first.id), { timeout: 60_000, intervals: [200] })
      .toBe(first.title);
    const rejected = await two.client.view((v) =>
      v.items.some((i) => i.kind === 'tool' && i.status === 'rejected'),
    );
    expect(JSON.stringify(rejected)).toContain('Not this one.');
    expect(await postTitle(seed, second.id)).toBe(before.second);
    const writes = await siteSql(
      seed,
      `SELECT COUNT(*) FROM wp_posts WHERE post_parent = ${first.id} AND post_type = 'revision' AND post_title = '${first.title}'`,
    );
    expect(Number(writes[0]?.[0])).toBe(1);
  } finally {
    await approver?.close();
    await writePolicyRow(seed, policy, approvals);
    const restore = async (id: number, title: string | undefined) => {
      if (title === undefined) return;
      const hex = Buffer.from(title, 'utf8').toString('hex');
      await siteSql(seed, `UPDATE wp_posts SET post_title = UNHEX('${hex}') WHERE ID = ${id}`);
    };
    await restore(first.id, before.first);
    await restore(second.id, before.second);
  }
});
