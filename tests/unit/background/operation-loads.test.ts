// The end of an operation reads the run state once: the view's sync takes trust, grants,
// the answers since the operation began (S5) and the call that waits from that one load.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SealedRunStore } from '../../../src/run';
import { block, startModelServer, turn, type ModelServer } from '../../support/model-server';
import { ServiceWorld } from './support/service-world';

let model: ModelServer;
beforeAll(async () => {
  model = await startModelServer();
});
afterAll(() => model.close());
afterEach(() => vi.restoreAllMocks());

describe('the run state is read once at the end of an operation', () => {
  it('a message that leads to a card: one read when it starts, one by the run, one at its end', async () => {
    const world = await ServiceWorld.create(model.url);
    await world.openTab(1);
    const panel = world.panel(world.worker());
    await panel.send({ type: 'thread-open', tabId: 1, fresh: true });
    const threadId = panel.view()!.threadId;
    model.setScript([
      turn.reply([block.toolUse('wp_update_post', { id: 1, title: 'New' }, 'toolu_1')]),
    ]);
    const loads = vi.spyOn(SealedRunStore.prototype, 'load');
    await panel.send({ type: 'message-send', threadId, text: 'Rename post 1' });
    // The card waits, as the sync read it from the one state it loaded.
    expect(panel.view()).toMatchObject({ busy: false, pending: expect.any(String) });
    expect(loads).toHaveBeenCalledTimes(3);
  });
});
