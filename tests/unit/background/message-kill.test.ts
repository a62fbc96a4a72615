import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RunState } from '../../../src/run';
import type { ThreadView } from '../../../src/shared/thread-protocol';
import { block, startModelServer, turn, type ModelServer } from '../../support/model-server';
import { updatePostTool } from '../run/support/fake-cms';
import { killAt, nextWorker } from './support/kill-at';
import { ServiceWorld } from './support/service-world';

let model: ModelServer;
beforeAll(async () => {
  model = await startModelServer();
});
afterAll(() => model.close());
afterEach(() => vi.restoreAllMocks());

const SAID = 'Rename post 1';
const saidLast = (s: RunState) => {
  const last = s.transcript.at(-1);
  return last?.role === 'user' && last.content.some((b) => b.type === 'text' && b.text === SAID);
};

/**
 * Where a worker dies after the person sent a message: its commits, in order. The message
 * saved in the run (the model not yet asked), then the model's call waiting for a decision.
 */
const KILL_POINTS: Record<string, (state: RunState) => boolean> = {
  'message saved': saidLast,
  'call waiting': (s) => s.turn?.calls[0]?.status === 'pending',
};

const texts = (view: ThreadView) =>
  view.items.flatMap((i) =>
    i.kind === 'user' || i.kind === 'assistant' ? [`${i.kind}: ${i.text}`] : [i.kind],
  );

// Seen in the wide soak (kills inside calls): the thread showed the card, but not the
// message that asked for it, and a decision then waited on a message the view never had.
describe('a worker killed after a message was sent (S5, C6)', () => {
  it.each(Object.keys(KILL_POINTS))(
    'killed once the %s: the next worker shows the message, then its card, once',
    async (point) => {
      model.setScript([turn.text('Hi.')]);
      const world = await ServiceWorld.create(model.url);
      world.tools = (cms) => [updatePostTool(cms, { reconcile: true })];
      await world.openTab(1);
      const panel = world.panel(world.worker());
      await panel.send({ type: 'thread-open', tabId: 1, fresh: true });
      const threadId = panel.view()!.threadId;
      await panel.send({ type: 'message-send', threadId, text: 'Hello' });
      const kill = killAt(KILL_POINTS[point]!);
      model.setScript([
        turn.reply([block.toolUse('wp_update_post', { id: 1, title: 'New' }, 'toolu_1')]),
        // Spare: a worker killed before the model answered asks again.
        turn.reply([block.toolUse('wp_update_post', { id: 1, title: 'New' }, 'toolu_2')]),
      ]);
      kill.arm();
      void panel.send({ type: 'message-send', threadId, text: SAID }); // its worker dies
      await kill.killed;

      const next = await nextWorker(world, threadId);
      await expect
        .poll(() => next.view() && !next.view()!.busy && next.view()!.pending, { timeout: 5_000 })
        .toBeTruthy();
      const view = next.view()!;
      const shown = texts(view);
      expect(shown.filter((t) => t === `user: ${SAID}`)).toHaveLength(1);
      // The message comes before the card it led to, as the person sent it.
      expect(shown.indexOf(`user: ${SAID}`)).toBeLessThan(shown.lastIndexOf('approval'));
      const cards = view.items.filter((i) => i.kind === 'approval' && !i.decided);
      expect(cards).toHaveLength(1);
    },
  );
});
