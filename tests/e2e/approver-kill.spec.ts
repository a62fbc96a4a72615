import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { WpAdmin } from './pages/wp-admin';
import { openThread, useModel } from './support/agent-setup';
import {
  approverBrowser,
  postTitle,
  requireSecondApprover,
  revisionsTitled,
  siteStatus,
  type ApproverBrowser,
} from './support/approvers';
import { forgiveKills } from './support/kill-live';
import { expectWorkerBack, stopExtensionWorker } from './support/worker-stop';
import { siteSql } from './support/site-db';
import { block, startModelServer, turn, type ModelServer } from '../support/model-server';

// S5, G15: the requester's worker is stopped (CDP) while a second approver's decision reaches
// it: once the site holds the decision (before the pickup), and once the write has reached
// WordPress (before the site is told it was handled). The next worker picks the decision up
// again; the run loop refuses a second decision of a decided call, so the write runs once:
// WordPress's revisions of the post count the writes.
let model: ModelServer;
test.beforeAll(async () => {
  model = await startModelServer();
});
test.afterAll(async () => model.close());

/** Where the requester's worker is stopped, seen from outside. */
type Phase = 'decided' | 'written';

const pickedUp = async (seed: Parameters<typeof siteStatus>[0], id: string) =>
  (
    await siteSql(
      seed,
      `SELECT picked_up_at IS NOT NULL FROM wp_countersign_approvals WHERE id = '${id}'`,
    )
  )[0]?.[0] === '1';

// Both stops on 6.1 in the default run; on every version in the long tier (npm run test:long).
for (const tags of ['@kill', '@both-versions @kill @long'])
  test(`the requester's worker stopped while the approver's decision arrives: the write runs once (S5, G15) ${tags}`, async ({
    context,
    serviceWorker,
    extensionId,
    seed,
    extensionErrors,
  }, testInfo) => {
    test.setTimeout(360_000);
    const postId = seed.posts.editorPost;
    const dropPolicy = await requireSecondApprover(seed);
    let approver: ApproverBrowser | undefined;
    try {
      approver = await approverBrowser(seed);
      await useModel(serviceWorker, model.url);
      const editor = new WpAdmin(await context.newPage(), seed);
      await editor.login('editor1', 'edit.php');
      const phases: Phase[] = ['decided', 'written'];
      for (const [round, phase] of phases.entries()) {
        const title = `Killed at ${phase} ${Date.now()}`;
        const toolId = `toolu_k${round}`;
        model.setScript([
          turn.reply([
            block.toolUse('wp_update_post', { type: 'post', id: postId, title }, toolId),
          ]),
          // The follow-up streams slowly, so the stop lands before the site hears it was handled.
          turn.text('Renamed.', { match: { toolResultFor: toolId }, delayMs: 300, chunkSize: 4 }),
          // A worker stopped while the model answered asks again.
          ...[1, 2].map(() => turn.text('Renamed.', { match: { toolResultFor: toolId } })),
        ]);
        const { client, threadId, panel, tabId } = await openThread(
          context,
          serviceWorker,
          extensionId,
          editor.page,
        );
        await client.send({ type: 'message-send', threadId, text: 'Rename it' });
        const waiting = await client.view((v) =>
          v.items.some((i) => i.kind === 'approval' && i.card.secondApprover?.status === 'waiting'),
        );
        const item = waiting.items.find((i) => i.kind === 'approval');
        if (item?.kind !== 'approval') throw new Error('no card');
        const id = item.card.recordId;

        const view: Page = await approver.view(seed.origins.primary.restRoot, id);
        const approve = view
          .getByTestId('approval-card')
          .getByRole('button', { name: 'Approve', exact: true });
        await expect(approve).toHaveAttribute('aria-disabled', 'false');
        await approve.click();
        // Wait (every 20 ms) for the phase, then stop the requester's worker at once.
        const reached =
          phase === 'decided'
            ? async () => (await siteStatus(seed, id)) === 'approved'
            : async () => (await postTitle(seed, postId)) === title;
        const deadline = Date.now() + 60_000;
        while (!(await reached())) {
          if (Date.now() > deadline) throw new Error(`the phase "${phase}" never came`);
          await view.waitForTimeout(20);
        }
        const handledBeforeStop = await pickedUp(seed, id);
        const stopped = await stopExtensionWorker(context, extensionId);
        testInfo.annotations.push({
          type: `stopped at ${phase}`,
          description: handledBeforeStop
            ? 'the site had already heard it was handled'
            : 'before the site heard it was handled',
        });
        // The requester opens the panel again (a stopped worker's panel may be gone); that
        // starts a new worker, which must come back.
        if (!panel.isClosed()) await panel.close();
        const again = await context.newPage();
        await again.goto(`chrome-extension://${extensionId}/sidepanel.html?tabId=${tabId}`);
        await expectWorkerBack(context, stopped);

        // The next worker picks the decision up and hands it to the run loop: once.
        await expect
          .poll(() => pickedUp(seed, id), { timeout: 90_000, intervals: [500] })
          .toBe(true);
        await expect.poll(() => postTitle(seed, postId), { timeout: 30_000 }).toBe(title);
        expect(await revisionsTitled(seed, postId, title), `round ${round} (${phase})`).toBe(1);
        await expect(again.getByTestId('decided-card')).toContainText('Approved by', {
          timeout: 30_000,
        });
        await again.screenshot({ path: testInfo.outputPath(`after-stop-${phase}.png`) });
        // Nothing more comes: a later pickup round writes nothing again.
        await again.waitForTimeout(4_000);
        expect(await revisionsTitled(seed, postId, title), `round ${round} (${phase})`).toBe(1);
        // The next worker announced the card again; the site kept the approval as it was, so
        // the approver is not asked again for a change that is done.
        expect(await siteStatus(seed, id), `round ${round} (${phase})`).toBe('approved');
        await again.close();
        await view.close();
        expect(model.failures).toEqual([]);
      }
    } finally {
      await approver?.close();
      await dropPolicy();
    }
    forgiveKills(extensionErrors);
  });
