import { test, expect } from './fixtures';
import { WpAdmin } from './pages/wp-admin';
import { ThreadPanel } from './pages/thread-panel';
import { useModel } from './support/agent-setup';
import { auditRecords, installWriteCounter } from './support/kill-sweep';
import { forgiveKills, openLive, settle, stopWorker, until, type Live } from './support/kill-live';
import { block, startModelServer, turn, type ModelServer } from '../support/model-server';

let model: ModelServer;
test.beforeAll(async () => {
  model = await startModelServer();
});
test.afterAll(async () => {
  await model.close();
});

/**
 * Where the rejection is, as the test sees it from outside: the audit record says rejected
 * (the decision and the closed call are one commit), the model was asked for its follow-up
 * (it streams slowly), the panel shows the model's answer.
 */
type Phase = 'rejected' | 'follow-up' | 'answered';

/** Stop `afterClick` ms after Confirm reject, or once `at` is reached; `again` as in stopWorker. */
type Kill = ({ afterClick: number } | { at: Phase }) & { again?: number };

/** How a rejection under a stop ended, as the person sees it. */
type Outcome = 'offered-again' | 'rejected-once';

const killName = (kill: Kill) =>
  `${'at' in kill ? kill.at : `${kill.afterClick}ms`}${kill.again === undefined ? '' : `+${kill.again}ms`}`;

/**
 * S5, G8, G12: a person rejects a live write (with a note) in the real side panel and the
 * worker is stopped at `kill`. Whatever the moment, the thread ends in one of: the card
 * offered again (rejecting it then works), or rejected once, the model told in G8's words
 * with the note and its answer shown. Never written, never left pending without a card,
 * never a thread that takes no new message: the PHP log of the site counts the writes.
 */
async function rejectAndKill(
  live: Live,
  writes: () => number,
  postId: number,
  kill: Kill,
  round: number,
): Promise<Outcome> {
  const excerpt = `Reject sweep ${round} at ${killName(kill)} ${Date.now()}`;
  const note = `not now ${round}`;
  const toolUseId = `toolu_reject_${round}`;
  const done = `Understood, excerpt ${round} left alone.`;
  const told = `Tool call rejected by user. User's note: "${note}"`;
  const answer = () =>
    turn.text(done, { match: { toolResultText: told }, delayMs: 300, chunkSize: 4 });
  model.setScript([
    turn.reply([block.toolUse('wp_update_post', { type: 'post', id: postId, excerpt }, toolUseId)]),
    // The follow-up streams slowly, so a stop can land while the model answers; a worker
    // stopped then asks again, with the same rejection: the same answer.
    answer(),
    answer(),
    answer(),
  ]);
  const writesBefore = writes();
  let { panel } = live;
  await panel.ask(`Write excerpt ${round}`);
  let log = panel.page.getByRole('log', { name: 'Thread' });
  await expect(panel.card).toBeVisible({ timeout: 30_000 });
  const asked = model.messageRequests.length;
  await panel.reject(note);
  if ('afterClick' in kill) await panel.page.waitForTimeout(kill.afterClick);
  else if (kill.at === 'rejected')
    await until(
      panel,
      async () => (await auditRecords(panel.page, excerpt))[0]?.status === 'rejected',
    );
  else if (kill.at === 'follow-up') await until(panel, () => model.messageRequests.length > asked);
  else await until(panel, async () => (await log.innerText()).includes(done));
  await stopWorker(live, kill.again);
  panel = live.panel;

  const outcome = await settle<Outcome>(live, async (now) => {
    const [record] = await auditRecords(now.page, excerpt);
    const cardShown = await now.card.isVisible();
    if (record?.status === 'pending' && cardShown) return 'offered-again';
    const answered = (await now.page.getByRole('log', { name: 'Thread' }).innerText()).includes(
      done,
    );
    if (record?.status === 'rejected' && !cardShown && answered) return 'rejected-once';
    return undefined;
  });
  panel = live.panel;
  log = panel.page.getByRole('log', { name: 'Thread' });
  const records = await auditRecords(panel.page, excerpt);
  const where = `kill ${JSON.stringify(kill)}: records ${JSON.stringify(records)}, card ${await panel.card.isVisible()}`;
  expect(outcome, `the thread settled (${where})`).toBeDefined();
  expect(records, where).toHaveLength(1);
  if (outcome === 'offered-again') {
    // The decision was lost before it counted: the card works, and rejecting it sticks. A
    // panel that stayed open still has the person's note in its reject form (kept, not lost).
    const confirm = panel.card.getByRole('button', { name: 'Confirm reject' });
    if (await confirm.isVisible()) {
      await expect(panel.card.getByLabel('Note with the rejection (optional)')).toHaveValue(note);
      await confirm.click();
    } else await panel.reject(note);
    await expect(log).toContainText(done, { timeout: 30_000 });
    await expect(panel.card).toBeHidden();
  }
  const [final] = await auditRecords(panel.page, excerpt);
  expect(final?.status, where).toBe('rejected');
  expect(final?.decidedBy, where).toBeTruthy();
  // A rejection is never a write, whatever was stopped when.
  expect(writes() - writesBefore, where).toBe(0);
  // The card is gone for good: no Approve left anywhere in the thread for this call.
  await expect(panel.card).toBeHidden();
  return outcome!;
}

// The sweep runs with the post open in the block editor, on both WordPress versions. Each
// round is a full rejection, stop, restart and settle, so each point lands in a different
// phase: 20 and 200 ms after Confirm reject (its checks against the run), once the rejection is
// committed and the model not yet asked, while the model streams its answer, once the answer
// is shown; and twice with a second stop as the next worker's recovery starts and runs.
// Seen before the view fix (S5): one rejection left pending, its card never offered again.
// The full sweep runs on every version in the long tier (npm run test:long); the default run
// keeps one stop per recovery path on 6.1: the rejection committed and the model not yet
// told, and a second stop while the next worker's recovery asks the model.
const SWEEPS: Array<{ title: string; kills: Kill[] }> = [
  {
    title: '@both-versions @kill @long',
    kills: [
      { afterClick: 20 },
      { afterClick: 200 },
      { at: 'rejected' },
      { at: 'follow-up' },
      { at: 'answered' },
      { at: 'rejected', again: 0 },
      { at: 'follow-up', again: 200 },
    ],
  },
  {
    title: '(one per recovery path) @kill',
    kills: [{ at: 'rejected' }, { at: 'follow-up', again: 200 }],
  },
];

for (const { title, kills } of SWEEPS)
  test(`a worker stopped at each phase after Reject: the card comes back or the rejection holds, nothing written (S5, G8, G12) ${title}`, async ({
    context,
    serviceWorker,
    extensionId,
    seed,
    wpVersion,
    extensionErrors,
  }) => {
    test.setTimeout(300_000);
    const counter = installWriteCounter(wpVersion);
    try {
      const postId = seed.posts.editorPost;
      await useModel(serviceWorker, model.url);
      const admin = new WpAdmin(await context.newPage(), seed);
      await admin.login('editor1');
      await admin.editPost(postId);
      const panel = await ThreadPanel.open(context, serviceWorker, extensionId, admin.page);
      const live = await openLive(context, extensionId, panel);
      const tally: Record<Outcome, number> = { 'offered-again': 0, 'rejected-once': 0 };
      const rows: string[] = [];
      for (const [round, kill] of kills.entries()) {
        const outcome = await rejectAndKill(
          live,
          () => counter.writes(postId),
          postId,
          kill,
          round,
        );
        tally[outcome] += 1;
        rows.push(`${killName(kill)}: ${outcome}`);
      }
      // The thread still takes a message after all of it.
      model.setScript([turn.text('Anything else?')]);
      await live.panel.ask('Thanks');
      await expect(live.panel.page.getByRole('log', { name: 'Thread' })).toContainText(
        'Anything else?',
      );
      // Every stop was proven (the worker read stopped, a new one came back), twice for `again`.
      const stops = kills.length + kills.filter((k) => k.again !== undefined).length;
      expect(live.stops, 'proven stops').toBe(stops);
      expect(tally['offered-again'] + tally['rejected-once']).toBe(kills.length);
      console.log(
        `reject kill sweep (${kills.length} rejections, ${live.stops} proven stops):`,
        JSON.stringify(tally),
        rows.join(', '),
      );
      // The model was never told anything it had not been scripted for (a wrong G8 text).
      expect(model.failures).toEqual([]);
    } finally {
      counter.remove();
    }
    forgiveKills(extensionErrors);
  });
