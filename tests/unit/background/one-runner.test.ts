import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ThreadViewStore } from '../../../src/background/threads/thread-view-store';
import { Sessions } from '../../../src/background/sessions';
import { SealedStore } from '../../../src/store';
import { block, startModelServer, turn, type ModelServer } from '../../support/model-server';
import { ServiceWorld, type FakePanel } from './support/service-world';

let model: ModelServer;
beforeAll(async () => {
  model = await startModelServer();
});
afterAll(() => model.close());

/**
 * A thread whose card for `wp_update_post` was approved by a worker that died right after
 * the audit record said so: the run state still holds the call as pending.
 */
async function strandedApproval(world: ServiceWorld) {
  model.setScript([
    turn.reply([block.toolUse('wp_update_post', { id: 1, title: 'New' }, 'toolu_1')]),
    // Spare answers: a second run of the same turn would ask again (and must not).
    ...[1, 2, 3].map(() => turn.text('Renamed.', { match: { toolResultFor: 'toolu_1' } })),
  ]);
  await world.openTab(1);
  const first = world.panel(world.worker());
  await first.send({ type: 'thread-open', tabId: 1, fresh: true });
  const threadId = first.view()!.threadId;
  await first.send({ type: 'message-send', threadId, text: 'Rename post 1' });
  const card = first.view()!.items.find((i) => i.kind === 'approval');
  if (card?.kind !== 'approval') throw new Error('no card');
  await world.audit.transition(card.card.recordId, 'approved', { decidedBy: '3' });
  const { recordId, payloadHash } = card.card;
  return { threadId, recordId, payloadHash, targetModified: card.card.targetModified ?? null };
}

const settledView = (panel: FakePanel) => {
  const view = panel.view();
  return view && !view.busy ? view : undefined;
};

describe('one runner per thread in the background (issue "Close the holes" 2, S5)', () => {
  it('a restart resume, two panels deciding and a message at once run the approved call once', async () => {
    const world = await ServiceWorld.create(model.url);
    const { threadId, recordId, payloadHash, targetModified } = await strandedApproval(world);
    const service = world.worker(); // the restarted worker
    const a = world.panel(service);
    const b = world.panel(service);
    await a.send({ type: 'thread-open', tabId: 1, threadId });
    await b.send({ type: 'thread-open', tabId: 1, threadId });
    const decision = {
      type: 'decision',
      threadId,
      tabId: 1,
      recordId,
      payloadHash,
      targetModified,
      approve: true,
    } as const;
    await Promise.all([
      service.resumeInterrupted(),
      a.send(decision),
      b.send(decision),
      b.send({ type: 'message-send', threadId, text: 'Also fix the excerpt' }),
    ]);
    expect(world.cms.count('wp_update_post')).toBe(1);
    expect((await world.audit.get(recordId))?.status).toBe('run');
    // The model heard the result once: one answer of the spare three was played.
    expect(model.remaining).toBe(2);
    const view = settledView(a);
    expect(view?.pending).toBeNull();
    expect(view?.items.filter((i) => i.kind === 'tool' && i.status === 'run')).toHaveLength(1);
  });

  it('a stranded approval is run once at the restart, and the card says it was approved (S5, G12)', async () => {
    const world = await ServiceWorld.create(model.url);
    const { threadId, recordId } = await strandedApproval(world);
    const service = world.worker();
    await service.resumeInterrupted();
    expect(world.cms.count('wp_update_post')).toBe(1);
    const panel = world.panel(service);
    await panel.send({ type: 'thread-open', tabId: 1, threadId });
    const view = panel.view()!;
    expect(view.pending).toBeNull();
    expect(view.items.find((i) => i.kind === 'approval')).toMatchObject({ decided: 'approved' });
    expect(view.items.at(-1)).toMatchObject({ kind: 'assistant', text: 'Renamed.' });
    expect((await world.audit.get(recordId))?.status).toBe('run');
  });
});

describe('a restarted worker and a panel reopening at the same moment (issue "Close the holes" 1, S5, G12)', () => {
  it.each([1, 2])(
    'the panel that reopens while the restart resumes sees the thread settle: not busy, no card, the answer (read %i answers late)',
    async (late) => {
      const world = await ServiceWorld.create(model.url);
      const { threadId, recordId } = await strandedApproval(world);
      const service = world.worker(); // started by the panel reconnecting
      const panel = world.panel(service);
      // The panel's read of the saved view answers late: it read the view as the dead
      // worker left it, and arrives while the restart already runs the call.
      const load = ThreadViewStore.prototype.load;
      let loads = 0;
      const slow = vi.spyOn(ThreadViewStore.prototype, 'load').mockImplementation(async function (
        this: ThreadViewStore,
        id: string,
      ) {
        const view = await load.call(this, id);
        loads += 1;
        if (loads === late) await new Promise((resolve) => setTimeout(resolve, 150));
        return view;
      });
      await Promise.all([
        service.resumeInterrupted(),
        panel.send({ type: 'thread-open', tabId: 1, threadId }),
      ]);
      slow.mockRestore();
      expect(world.cms.count('wp_update_post')).toBe(1);
      expect((await world.audit.get(recordId))?.status).toBe('run');
      const view = panel.view()!;
      expect(view.busy).toBe(false);
      expect(view.pending).toBeNull();
      expect(view.items.at(-1)).toMatchObject({ kind: 'assistant', text: 'Renamed.' });
      // The thread goes on: a new message is accepted and answered.
      model.setScript([turn.text('Anything else?')]);
      await panel.send({ type: 'message-send', threadId, text: 'Thanks' });
      expect(panel.view()!.items.at(-1)).toMatchObject({
        kind: 'assistant',
        text: 'Anything else?',
      });
      // What was saved reads the same in the next worker.
      const next = world.panel(world.worker());
      await next.send({ type: 'thread-open', tabId: 1, threadId });
      expect(next.view()).toMatchObject({ busy: false, pending: null });
    },
  );
});

describe('a resume that could not run at the restart (issue "Close the holes" 1, S5)', () => {
  it('runs when the panel opens the thread: the call once, the card gone, the thread goes on', async () => {
    const world = await ServiceWorld.create(model.url);
    const { threadId, recordId } = await strandedApproval(world);
    const service = world.worker();
    // At the restart the site's session cannot be reached yet (the tab is still loading).
    const forOwner = vi
      .spyOn(Sessions.prototype, 'forOwner')
      .mockRejectedValueOnce(new Error('no session yet'));
    await service.resumeInterrupted();
    expect(world.cms.count('wp_update_post')).toBe(0);
    const panel = world.panel(service);
    await panel.send({ type: 'thread-open', tabId: 1, threadId });
    // The thread settles: the card goes when the call ran, the step ends after the answer.
    await expect
      .poll(() => ({ pending: panel.view()?.pending, busy: panel.view()?.busy }))
      .toEqual({ pending: null, busy: false });
    forOwner.mockRestore();
    expect(world.cms.count('wp_update_post')).toBe(1);
    expect((await world.audit.get(recordId))?.status).toBe('run');
    expect(panel.view()!.items.at(-1)).toMatchObject({ kind: 'assistant', text: 'Renamed.' });
  });
});

describe('a card the dead worker left asking after its call ran (S5, G12)', () => {
  it('is marked decided when the thread is opened again: the audit log says what became of it', async () => {
    const world = await ServiceWorld.create(model.url);
    model.setScript([
      turn.reply([block.toolUse('wp_update_post', { id: 1, title: 'New' }, 'toolu_1')]),
      turn.text('Renamed.', { match: { toolResultFor: 'toolu_1' } }),
    ]);
    await world.openTab(1);
    const first = world.panel(world.worker());
    await first.send({ type: 'thread-open', tabId: 1, fresh: true });
    const threadId = first.view()!.threadId;
    await first.send({ type: 'message-send', threadId, text: 'Rename post 1' });
    const asking = structuredClone(first.view()!);
    const card = asking.items.find((i) => i.kind === 'approval');
    if (card?.kind !== 'approval') throw new Error('no card');
    const { recordId, payloadHash } = card.card;
    const decision = { type: 'decision', threadId, tabId: 1, recordId, payloadHash } as const;
    await first.send({
      ...decision,
      targetModified: card.card.targetModified ?? null,
      approve: true,
    });
    expect((await world.audit.get(recordId))?.status).toBe('run');
    // The worker died before the view heard of the outcome: the saved view still asks.
    const views = new ThreadViewStore(new SealedStore(world.audit.db));
    const owner = (await views.all()).find((t) => t.threadId === threadId)!.owner;
    await views.save({ ...asking, busy: true }, owner, Date.now());
    const panel = world.panel(world.worker());
    await panel.send({ type: 'thread-open', tabId: 1, threadId });
    await expect.poll(() => panel.view()?.busy).toBe(false);
    const shown = panel.view()!.items.find((i) => i.kind === 'approval');
    expect(shown).toMatchObject({ decided: 'approved' });
    expect(panel.view()!.pending).toBeNull();
    expect(world.cms.count('wp_update_post')).toBe(1);
  });
});
