import { test, expect } from './fixtures';
import { ThreadPanel } from './pages/thread-panel';
import { editorScene } from './support/editor-setup';
import {
  editorValue,
  paragraph,
  readPost,
  saveInEditor,
  typeInParagraph,
  unsavedFields,
} from './support/block-editor';
import { auditRecords, installWriteCounter } from './support/kill-sweep';
import { forgiveKills, openLive, settle, stopWorker } from './support/kill-live';
import { block, startModelServer, turn, type ModelServer } from '../support/model-server';

let model: ModelServer;
test.beforeAll(async () => {
  model = await startModelServer();
});
test.afterAll(async () => model.close());

/** Where the worker is stopped: a time after Approve, or the moment WordPress stored it. */
type KillPoint = { afterClick: number } | { onStored: true };

// The default run stops as WordPress stores the write (the editor sync not yet done); the
// long tier (npm run test:long) also 120 ms after Approve.
const POINTS: Array<KillPoint & { tier: string }> = [
  { afterClick: 120, tier: ' @long' },
  { onStored: true, tier: '' },
];

for (const point of POINTS) {
  const where =
    'onStored' in point ? 'as WordPress stores it' : `${point.afterClick} ms after Approve`;
  test(`the worker stopped mid editor-write (${where}): WordPress holds the change once, the open editor shows it, and Ctrl+S keeps it (E1, S5, G12) @both-versions @kill${point.tier}`, async ({
    context,
    serviceWorker,
    extensionId,
    seed,
    wpVersion,
    extensionErrors,
  }, testInfo) => {
    test.setTimeout(180_000);
    const counter = installWriteCounter(wpVersion);
    try {
      const stamp = Date.now();
      const proposal = {
        title: `Approved title ${stamp}`,
        content: paragraph(`Approved words ${stamp}.`),
        excerpt: `Approved excerpt ${stamp}`,
      };
      const { admin, id } = await editorScene({ context, seed, serviceWorker, model }, proposal);
      // A worker stopped while the model answered asks again: the same answer, twice more.
      model.setScript([
        turn.reply([block.toolUse('wp_update_post', { type: 'post', id, ...proposal }, 'toolu_k')]),
        ...[1, 2, 3].map(() => turn.text('Done.', { match: { toolResultFor: 'toolu_k' } })),
      ]);
      const live = await openLive(
        context,
        extensionId,
        await ThreadPanel.open(context, serviceWorker, extensionId, admin.page),
      );
      const before = counter.writes(id);
      await live.panel.ask('Retitle and rewrite this post');
      await live.panel.approve();
      if ('onStored' in point) {
        // The moment the site's hook logs the update: the editor sync has not finished.
        const deadline = Date.now() + 20_000;
        while (counter.writes(id) === before && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
        expect(counter.writes(id), 'the write reached WordPress').toBe(before + 1);
      } else {
        await live.panel.page.waitForTimeout(point.afterClick);
      }
      await stopWorker(live);
      expect(live.stops, 'the stop was proven').toBe(1);

      // The thread settles in the reopened panel: run once, or the card offered again (then
      // approved once more).
      let approvedAgain = false;
      let seen = 'none';
      const settled = await settle(
        live,
        async (now) => {
          const [record] = await auditRecords(now.page, proposal.excerpt);
          seen = record?.status ?? 'none';
          if (record?.status === 'pending' && !approvedAgain && (await now.card.isVisible())) {
            approvedAgain = true;
            await now.approve();
            return undefined;
          }
          const log = now.page.getByRole('log', { name: 'Thread' });
          return record?.status === 'run' && (await log.innerText()).includes('Done.')
            ? 'run'
            : undefined;
        },
        60_000,
      );
      expect(settled, `the thread settled (last record status: ${seen})`).toBe('run');
      const { panel } = live;
      await expect(panel.result).toContainText('The open editor shows the change');
      await panel.shot(testInfo.outputPath('result-after-kill.png'));
      expect(counter.writes(id) - before, 'writes that reached WordPress').toBe(1);
      expect(await auditRecords(panel.page, proposal.excerpt)).toHaveLength(1);

      // The open editor shows what WordPress holds, with nothing unsaved for these fields.
      await expect.poll(() => editorValue(admin.page, 'title')).toBe(proposal.title);
      expect(await editorValue(admin.page, 'content')).toContain(`Approved words ${stamp}.`);
      expect(await unsavedFields(admin.page)).toEqual([]);
      await admin.page.bringToFront();
      await admin.page.screenshot({ path: testInfo.outputPath('editor-after-kill.png') });

      // The person types and presses Ctrl+S: WordPress keeps the approved change and the typing.
      await typeInParagraph(admin.page, `Approved words ${stamp}.`, ' Typed after.');
      await saveInEditor(admin.page);
      const stored = await readPost(admin.page, id);
      expect(stored.title.raw).toBe(proposal.title);
      expect(stored.content.raw).toContain(`Approved words ${stamp}. Typed after.`);
    } finally {
      counter.remove();
    }
    forgiveKills(extensionErrors);
  });
}
