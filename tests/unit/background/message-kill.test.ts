import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RunState } from '../../../src/run';
import type { ThreadView } from '../../../src/shared/protocols/thread-protocol';
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

/** A worker with a thread on tab 1 whose first message ('Hello') was answered ('Hi.'). */
async function answeredOnce() {
  model.setScript([turn.text('Hi.')]);
  const world = await ServiceWorld.create(model.url);
  world.tools = (cms) => [updatePostTool(cms, { reconcile: true })];
  await world.openTab(1);
  const panel = world.panel(world.worker());
  await panel.send({ type: 'thread-open', tabId: 1, fresh: true });
  const threadId = panel.view()!.threadId;
  await panel.send({ type: 'message-send', threadId, text: 'Hello' });
  return { world, panel, threadId };
}

const texts = (view: ThreadView) =>
  view.items.flatMap((i) =>
    i.kind === 'user' || i.kind === 'assistant' ? [`${i.kind}: ${i.text}`] : [i.kind],
  );

/** The next worker's view ends idle with the message, then its answer, each once. */
async function expectAnsweredOnce(next: Awaited<ReturnType<typeof nextWorker>>) {
  await expect
    .poll(() => next.view() && !next.view()!.busy && texts(next.view()!).at(-1), {
      timeout: 5_000,
    })
    .toBe('assistant: Done.');
  expect(texts(next.view()!)).toEqual([
    'user: Hello',
    'assistant: Hi.',
    `user: ${SAID}`,
    'assistant: Done.',
  ]);
}

// Seen in the wide soak (kills inside calls): the thread showed the card, but not the
// message that asked for it, and a decision then waited on a message the view never had.
describe('a worker killed after a message was sent (S5, C6)', () => {
  it.each(Object.keys(KILL_POINTS))(
    'killed once the %s: the next worker shows the message, then its card, once',
    async (point) => {
      const { world, panel, threadId } = await answeredOnce();
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

// Seen in the real extension (tests/e2e/message-kill.spec.ts): a worker stopped once the run
// saved the message and before the view did; the next worker's resume streamed the answer
// onto the end of the answer before ("Hi.Done."), and the end of the operation added it again.
describe('a worker killed after the message was saved, the answer streamed by the resume (S5, C6)', () => {
  it('the next worker shows the message, then its answer in its own item, once', async () => {
    const { world, panel, threadId } = await answeredOnce();
    const kill = killAt(saidLast);
    // Spare: the dead worker may have asked the model before it died.
    model.setScript([turn.text('Done.'), turn.text('Done.')]);
    kill.arm();
    void panel.send({ type: 'message-send', threadId, text: SAID }); // its worker dies
    await kill.killed;

    await expectAnsweredOnce(await nextWorker(world, threadId));
  });
});

describe('a worker killed once the view holds the message, before the run does (S5, R1)', () => {
  it('the next worker sends it to the agent: shown once, answered once', async () => {
    const { world, panel, threadId } = await answeredOnce();
    const kill = killAt(() => false, {
      view: (v) => v.busy && v.items.some((i) => i.kind === 'user' && i.text === SAID),
    });
    model.setScript([turn.text('Done.', { match: { lastUserText: SAID } })]);
    const asked = model.messageRequests.length;
    kill.arm();
    void panel.send({ type: 'message-send', threadId, text: SAID }); // its worker dies
    await kill.killed;
    expect(model.messageRequests).toHaveLength(asked); // the dead worker never asked

    await expectAnsweredOnce(await nextWorker(world, threadId));
    model.assertDone();
  });
});
