import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { block, startModelServer, turn, type ModelServer } from '../../support/model-server';
import { ServiceWorld } from './support/service-world';

let model: ModelServer;
beforeAll(async () => {
  model = await startModelServer();
});
afterAll(() => model.close());

/** A thread of user 3 (tab 1) with a card waiting; tab 2 shows the same site as user 5. */
async function waitingCard() {
  const world = await ServiceWorld.create(model.url);
  model.setScript([
    turn.reply([block.toolUse('wp_update_post', { id: 1, title: 'New' }, 'toolu_1')]),
    turn.text('Renamed.', { match: { toolResultFor: 'toolu_1' } }),
  ]);
  await world.openTab(1, 3);
  await world.openTab(2, 5);
  const service = world.worker();
  const panel = world.panel(service);
  await panel.send({ type: 'thread-open', tabId: 1, fresh: true });
  const threadId = panel.view()!.threadId;
  await panel.send({ type: 'message-send', threadId, text: 'Rename post 1' });
  const card = panel.view()!.items.find((i) => i.kind === 'approval');
  if (card?.kind !== 'approval') throw new Error('no card');
  const decision = {
    type: 'decision',
    threadId,
    recordId: card.card.recordId,
    payloadHash: card.card.payloadHash,
    targetModified: card.card.targetModified ?? null,
    approve: true,
  } as const;
  return { world, panel, decision };
}

describe('who decides is the CMS user of the panel’s tab (G7, A1)', () => {
  it('a decision from a tab signed in as another user is refused, says so, and runs nothing', async () => {
    const { world, panel, decision } = await waitingCard();
    await panel.send({ ...decision, tabId: 2 });
    expect(world.cms.count('wp_update_post')).toBe(0);
    expect((await world.audit.get(decision.recordId))?.status).toBe('pending');
    const view = panel.view()!;
    expect(view.pending).toBe(decision.recordId);
    expect(
      view.items.filter((i) => i.kind === 'notice').map((i) => i.kind === 'notice' && i.message),
    ).toEqual([
      expect.stringMatching(
        /^Only the person who owns this thread can decide its calls; .* another user \(5 on http:\/\/127\.0\.0\.1:8881\)/,
      ),
    ]);
  });

  it('the owner’s own tab decides, and the record names that session’s user', async () => {
    const { world, panel, decision } = await waitingCard();
    await panel.send({ ...decision, tabId: 1 });
    expect(world.cms.count('wp_update_post')).toBe(1);
    expect(await world.audit.get(decision.recordId)).toMatchObject({
      status: 'run',
      decidedBy: '3',
    });
  });

  it('a tab with no signed-in admin cannot decide', async () => {
    const { world, panel, decision } = await waitingCard();
    await panel.send({ ...decision, tabId: 9 });
    expect(world.cms.count('wp_update_post')).toBe(0);
    expect(panel.view()!.items.at(-1)).toMatchObject({
      kind: 'notice',
      message: expect.stringContaining('Open the WordPress admin'),
    });
  });
});
