import { test, expect } from './fixtures';
import { WpAdmin } from './pages/wp-admin';
import { ThreadPanel } from './pages/thread-panel';
import { useModel } from './support/agent-setup';
import { auditRecords, installWriteCounter } from './support/kill-sweep';
import { createRestPost } from './support/rest-posts';
import { forgiveKills, openLive, settle, stopWorker, until, type Live } from './support/kill-live';
import { block, startModelServer, turn, type ModelServer } from '../support/model-server';

// Issue 36 item 1, S5: a turn of two writes decided at once in the real side panel, and the
// real worker stopped between the two writes (and at the click). Whatever the moment, each
// approved write reaches WordPress at most once, and the thread ends with both written or
// the one left offered again; the site itself counts the writes.
let model: ModelServer;
test.beforeAll(async () => {
  model = await startModelServer();
});
test.afterAll(async () => model.close());

type Stop = { afterClick: number } | { afterFirstWrite: true };

async function round(
  live: Live,
  ids: [number, number],
  stop: Stop,
  n: number,
  writes: (id: number) => number,
): Promise<string> {
  const stamp = `${n}-${Date.now()}`;
  const excerpts = ids.map((id) => `Batch kill ${stamp} on ${id}`);
  const done = `Both excerpts ${stamp} written.`;
  model.setScript([
    turn.reply(
      ids.map((id, i) =>
        block.toolUse(
          'wp_update_post',
          { type: 'post', id, excerpt: excerpts[i] },
          `toolu_b${n}_${i}`,
        ),
      ),
    ),
    ...[1, 2, 3].map(() => turn.text(done, { match: { toolResultFor: `toolu_b${n}_1` } })),
  ]);
  const before = ids.map(writes);
  await live.panel.ask(`Write both excerpts ${stamp}`);
  const card = live.panel.card;
  await expect(card.getByTestId('batch-member')).toHaveCount(1, { timeout: 30_000 });
  await live.panel.page.waitForTimeout(700); // the card arms (C7)
  await card.getByTestId('approve-selected').click();
  if ('afterClick' in stop) await live.panel.page.waitForTimeout(stop.afterClick);
  else await until(live.panel, () => writes(ids[0]) > before[0]!);
  await stopWorker(live);

  const outcome = await settle(live, async (panel) => {
    const log = await panel.page.getByRole('log', { name: 'Thread' }).innerText();
    if (log.includes(done)) return 'both-ran';
    // Offered again only when the first call's record still waits: a decision that committed
    // before the stop goes on by itself once the next worker recovers the thread.
    const [first] = await auditRecords(panel.page, excerpts[0]!);
    if (first?.status === 'pending' && (await panel.card.isVisible())) return 'offered-again';
    return undefined;
  });
  expect(outcome, `round ${n} settled`).toBeDefined();
  if (outcome === 'offered-again') {
    // What was not decided before the stop is asked again, and approving it finishes the turn.
    const again = live.panel.card;
    await live.panel.page.waitForTimeout(700);
    // The whole turn again (its batch card), or the one call left, alone; with the open
    // editor to choose about (E2/E3), the card's first choice approves over it.
    await again.locator('.card-actions button.primary').first().click({ timeout: 30_000 });
    await expect(live.panel.page.getByRole('log', { name: 'Thread' })).toContainText(done, {
      timeout: 30_000,
    });
  }
  for (const [i, id] of ids.entries()) {
    expect(writes(id) - before[i]!, `round ${n}: writes of post ${id}`).toBe(1);
    const records = await auditRecords(live.panel.page, excerpts[i]!);
    expect(records.map((r) => r.status)).toEqual(['run']);
  }
  return `${JSON.stringify(stop)}: ${outcome}`;
}

test('a turn decided at once, the worker stopped at the click and between its two writes: each write once (issue 36, S5) @both-versions @kill', async ({
  context,
  serviceWorker,
  extensionId,
  seed,
  wpVersion,
  extensionErrors,
}) => {
  test.setTimeout(240_000);
  const counter = installWriteCounter(wpVersion);
  try {
    await useModel(serviceWorker, model.url);
    const admin = new WpAdmin(await context.newPage(), seed);
    await admin.login('editor1');
    // Posts of its own, so the seeded ones stay as other tests expect them.
    const create = (title: string) => createRestPost(admin.page, { title, status: 'publish' });
    const ids: [number, number] = [await create('Batch kill one'), await create('Batch kill two')];
    await admin.editPost(ids[0]);
    const panel = await ThreadPanel.open(context, serviceWorker, extensionId, admin.page);
    const live = await openLive(context, extensionId, panel);
    const stops: Stop[] = [{ afterClick: 150 }, { afterFirstWrite: true }];
    const rows = [];
    for (const [n, stop] of stops.entries())
      rows.push(await round(live, ids, stop, n, (id) => counter.writes(id)));
    expect(live.stops, 'proven stops').toBe(stops.length);
    console.log('batch kill:', rows.join(', '));
  } finally {
    counter.remove();
  }
  forgiveKills(extensionErrors);
});
