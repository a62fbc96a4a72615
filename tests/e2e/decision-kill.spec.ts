import { test, expect } from './fixtures';
import { WpAdmin } from './pages/wp-admin';
import { ThreadPanel } from './pages/thread-panel';
import { useModel } from './support/agent-setup';
import {
  auditRecords,
  lastRecord,
  installWriteCounter,
  revisionsWith,
  type KillOutcome,
} from './support/kill-sweep';
import { forgiveKills, openLive, settle, stopWorker, until, type Live } from './support/kill-live';
import { block, startModelServer, turn, type ModelServer } from '../support/model-server';

let model: ModelServer;
let counter: ReturnType<typeof installWriteCounter>;
const postWrites = (postId: number) => counter.writes(postId);
test.beforeAll(async () => {
  model = await startModelServer();
});
test.afterAll(async () => {
  await model.close();
});

/**
 * Where a phase of the approval is reached, as the test sees it from outside: the audit
 * record says approved (the decision committed, the REST write not yet seen), the site
 * counted the write, the model was asked for its follow-up (it streams slowly), the
 * panel shows the model's answer.
 */
type Phase = 'approved' | 'written' | 'follow-up' | 'answered';

/**
 * One approval, and where to stop the worker: `afterClick` ms after the click, or as soon
 * as `at` is reached; then, with `again`, once more that many ms after the next worker
 * started (the panel's reconnect starts it, and with it the restart's recovery).
 */
type Kill = ({ afterClick: number } | { at: Phase }) & { again?: number };

const killName = (kill: Kill) =>
  `${'at' in kill ? kill.at : `${kill.afterClick}ms`}${kill.again === undefined ? '' : `+${kill.again}ms`}`;

/**
 * S5, G7, G12: a person approves a live write in the real side panel and the worker is
 * stopped at `kill`. Whatever the moment, the thread ends in one of: the card offered
 * again (approving it then runs the write once), the write run once without a second
 * click, or failed and said so. Never approved-and-stuck, never run twice: the PHP log
 * of the site counts the writes that reached WordPress.
 */
async function approveAndKill(
  live: Live,
  admin: WpAdmin,
  postId: number,
  kill: Kill,
  round: number,
): Promise<KillOutcome> {
  let { panel } = live;
  const excerpt = `Kill sweep ${round} at ${killName(kill)} ${Date.now()}`;
  const toolUseId = `toolu_kill_${round}`;
  const done = `Excerpt ${round} written.`;
  model.setScript([
    turn.reply([block.toolUse('wp_update_post', { type: 'post', id: postId, excerpt }, toolUseId)]),
    // The first follow-up streams slowly, so a stop can land while the model answers.
    turn.text(done, { match: { toolResultFor: toolUseId }, delayMs: 300, chunkSize: 4 }),
    // A worker stopped while the model answered asks again: the same answer, twice more.
    ...[1, 2].map(() => turn.text(done, { match: { toolResultFor: toolUseId } })),
  ]);
  const writesBefore = postWrites(postId);
  await panel.ask(`Write excerpt ${round}`);
  await expect(panel.card).toBeVisible({ timeout: 30_000 });
  await panel.page.waitForTimeout(700); // the card ignores clicks just after it appears
  let log = panel.page.getByRole('log', { name: 'Thread' });
  const asked = model.messageRequests.length;
  await panel.card.getByRole('button', { name: 'Approve', exact: true }).click();
  if ('afterClick' in kill) await panel.page.waitForTimeout(kill.afterClick);
  else if (kill.at === 'approved')
    await until(
      panel,
      async () => (await auditRecords(panel.page, excerpt))[0]?.status !== 'pending',
    );
  else if (kill.at === 'written') await until(panel, () => postWrites(postId) > writesBefore);
  else if (kill.at === 'follow-up') await until(panel, () => model.messageRequests.length > asked);
  else await until(panel, async () => (await log.innerText()).includes(done));
  // With `again`, the panel's reconnect starts a fresh worker and its recovery; stop that too.
  await stopWorker(live, kill.again);
  panel = live.panel;

  const outcome = await settle<KillOutcome>(live, async (now) => {
    const [record] = await auditRecords(now.page, excerpt);
    const cardShown = await now.card.isVisible();
    if (record?.status === 'pending' && cardShown) return 'offered-again';
    if (record?.status === 'failed' && !cardShown) return 'failed-said';
    const answered = (await now.page.getByRole('log', { name: 'Thread' }).innerText()).includes(
      done,
    );
    if (record?.status === 'run' && !cardShown && answered) return 'ran-once';
    return undefined;
  });
  panel = live.panel;
  log = panel.page.getByRole('log', { name: 'Thread' });
  const records = await auditRecords(panel.page, excerpt);
  const where = `kill ${JSON.stringify(kill)}: records ${JSON.stringify(records)}, card ${await panel.card.isVisible()}`;
  expect(outcome, `the thread settled (${where})`).toBeDefined();
  expect(records, where).toHaveLength(1);
  if (outcome === 'offered-again') {
    // The decision was lost before it counted: nothing ran, and the card works.
    expect(postWrites(postId) - writesBefore, where).toBe(0);
    await panel.approve();
    await expect(log).toContainText(done, { timeout: 30_000 });
    await expect(panel.card).toBeHidden();
  }
  if (outcome === 'failed-said') {
    // Said plainly, in the person's words.
    await expect(log).toContainText(/may or may not have run|was not run/);
  }
  const [final] = await auditRecords(panel.page, excerpt);
  const writes = postWrites(postId) - writesBefore;
  if (final?.status === 'run') {
    expect(writes, where).toBe(1);
    expect(await revisionsWith(admin.page, postId, excerpt), where).toBe(1);
    // S5, C5: the write that ran across the stop has its result card (what visitors see,
    // Undo) after this round's message, as a live call has: a worker stopped between the
    // outcome's commit and the card once left "Done." without it (row-catch-up.ts).
    const asked = log.getByText(`Write excerpt ${round}`, { exact: true }).last();
    const card = panel.result.last();
    await expect(card, `the result card (${where})`).toBeVisible({ timeout: 15_000 });
    const [askedAt, cardAt] = [await asked.boundingBox(), await card.boundingBox()];
    expect(cardAt!.y, `the result card follows the round's message (${where})`).toBeGreaterThan(
      askedAt!.y,
    );
    // Nor does the composer, while the next worker finishes, say the approved card waits.
    const waiting = panel.page.getByText('Waiting for your decision on the card above');
    expect(await waiting.isVisible(), `a decided card said to wait (${where})`).toBe(false);
  } else {
    expect(final?.status, where).toBe('failed');
    expect(writes, where).toBeLessThanOrEqual(1);
  }
  return outcome!;
}

async function sweep(
  kills: Kill[],
  {
    context,
    serviceWorker,
    extensionId,
    seed,
    wpVersion,
  }: Parameters<Parameters<typeof test>[2]>[0],
) {
  counter = installWriteCounter(wpVersion); // the stack of this project's version
  try {
    return await sweepOn(kills, { context, serviceWorker, extensionId, seed });
  } finally {
    counter.remove();
  }
}

async function sweepOn(
  kills: Kill[],
  {
    context,
    serviceWorker,
    extensionId,
    seed,
  }: Pick<
    Parameters<Parameters<typeof test>[2]>[0],
    'context' | 'serviceWorker' | 'extensionId' | 'seed'
  >,
) {
  const postId = seed.posts.editorPost;
  await useModel(serviceWorker, model.url);
  const admin = new WpAdmin(await context.newPage(), seed);
  await admin.login('editor1');
  await admin.editPost(postId);
  const panel = await ThreadPanel.open(context, serviceWorker, extensionId, admin.page);
  const live = await openLive(context, extensionId, panel);
  const tally: Record<KillOutcome, number> = {
    'offered-again': 0,
    'ran-once': 0,
    'failed-said': 0,
  };
  const rows: string[] = [];
  for (const [round, kill] of kills.entries()) {
    const outcome = await approveAndKill(live, admin, postId, kill, round);
    tally[outcome] += 1;
    rows.push(`${killName(kill)}: ${outcome}`);
    if (outcome === 'failed-said')
      rows.push(`(${(await lastRecord(live.panel.page))?.error?.code})`);
  }
  // Every round above began with a message on the thread the last one left; so does this.
  model.setScript([turn.text('Anything else?')]);
  await live.panel.ask('Thanks');
  await expect(live.panel.page.getByRole('log', { name: 'Thread' })).toContainText(
    'Anything else?',
  );
  // Every stop was proven (the worker read stopped, a new one came back), twice for `again`.
  const stops = kills.length + kills.filter((k) => k.again !== undefined).length;
  expect(live.stops, 'proven stops').toBe(stops);
  expect(Object.values(tally).reduce((a, b) => a + b, 0)).toBe(kills.length);
  console.log(
    `kill sweep (${kills.length} approvals, ${live.stops} proven stops):`,
    JSON.stringify(tally),
    rows.join(', '),
  );
  return tally;
}

// Both sweeps run with the post open in the block editor, on both WordPress versions. Each
// round is a full approval, stop, restart and settle, so the points are few and each lands
// in a different phase: before the decision commits (200 ms: it is being checked against the
// site), between its commit and the REST write, after the write before its result is
// stored, while the model streams its follow-up, and once the answer is shown.
// They run alone after the parallel e2e (docs/testing.md): at a machine load average of ~30
// Chromium closed the extension's panel page right after a stop in about half the runs
// ('Target page, context or browser has been closed'), a harness problem the sweep reopens
// the panel for. On a quiet machine both sweeps passed 3 of 3 runs on 6.1 and 2 of 2 on 6.5.
test('a worker stopped at each phase after Approve: the card comes back or the write runs once (S5, G7, G12) @both-versions @kill @long', async ({
  context,
  serviceWorker,
  extensionId,
  seed,
  wpVersion,
  extensionErrors,
}) => {
  test.setTimeout(300_000);
  const kills: Kill[] = [
    { afterClick: 200 },
    { at: 'approved' },
    { at: 'written' },
    { at: 'follow-up' },
    { at: 'answered' },
  ];
  await sweep(kills, {
    context,
    serviceWorker,
    extensionId,
    seed,
    wpVersion,
    extensionErrors,
  } as never);
  forgiveKills(extensionErrors);
});

test('a worker stopped after Approve and again during its recovery: still once or offered again (S5, G12) @both-versions @kill @long', async ({
  context,
  serviceWorker,
  extensionId,
  seed,
  wpVersion,
  extensionErrors,
}) => {
  test.setTimeout(300_000);
  // The second stop lands as the next worker starts (its recovery has just begun), while
  // that recovery settles the call with the site, and while it asks the model again.
  const kills: Kill[] = [
    { at: 'approved', again: 0 },
    { at: 'written', again: 150 },
    { at: 'follow-up', again: 300 },
  ];
  await sweep(kills, {
    context,
    serviceWorker,
    extensionId,
    seed,
    wpVersion,
    extensionErrors,
  } as never);
  forgiveKills(extensionErrors);
});

// The default run (npm test, CI): one real-worker stop per recovery path, on 6.1: the decision
// committed and the write not yet run (recovery settles it with the site), the write on the
// site and its result not yet stored, and a second stop while the next worker's recovery
// runs. The full sweeps above, on every version, are the long tier (npm run test:long).
test('a worker stopped after Approve (committed, written, and again in recovery): the card comes back or the write runs once (S5, G7, G12) @both-versions @kill', async ({
  context,
  serviceWorker,
  extensionId,
  seed,
  wpVersion,
  extensionErrors,
}) => {
  test.setTimeout(240_000);
  const kills: Kill[] = [{ at: 'approved' }, { at: 'written' }, { at: 'written', again: 150 }];
  await sweep(kills, {
    context,
    serviceWorker,
    extensionId,
    seed,
    wpVersion,
    extensionErrors,
  } as never);
  forgiveKills(extensionErrors);
});
