import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { RunState } from '../../../src/run';
import type { AnyTool } from '../../../src/tools/tool';
import { block, startModelServer, turn, type ModelServer } from '../../support/model-server';
import { updatePostTool, type FakeCms } from '../run/support/fake-cms';
import { killAt } from './support/kill-at';
import { ServiceWorld } from './support/service-world';

let model: ModelServer;
beforeAll(async () => {
  model = await startModelServer();
});
afterAll(() => model.close());
afterEach(() => vi.restoreAllMocks());

/** wp_get_entity as the model sees it: a read, run without asking (G2). */
function readTool(cms: FakeCms): AnyTool {
  return {
    name: 'wp_get_entity',
    label: 'Read an entry',
    description: 'Read a post.',
    cardDescription: 'Reads a post.',
    input: z.strictObject({ id: z.number().int().describe('The post id.') }),
    classification: { kind: 'read', destructive: false },
    accessHint: 'Any account.',
    facts: () => Promise.resolve({}),
    access: () => Promise.resolve({ ok: true }),
    preview: () => Promise.resolve([]),
    execute: (_ctx, input: { id: number }) =>
      Promise.resolve({
        summary: `Read post ${input.id}.`,
        data: { title: cms.mustGet(input.id).title },
      }),
  } as AnyTool;
}

/** The commits of a read the model asked for: the call running, done, its result, the answer. */
const POINTS: Record<string, (s: RunState) => boolean> = {
  'tool results': (s) =>
    !s.turn && s.transcript.at(-1)?.content.some((b) => b.type === 'tool_result') === true,
  executing: (s) => s.turn?.calls[0]?.status === 'executing',
  done: (s) => s.turn?.calls[0]?.status === 'done',
  answer: (s) =>
    !s.turn &&
    s.transcript.at(-1)?.role === 'assistant' &&
    s.transcript.at(-2)?.content.some((b) => b.type === 'tool_result') === true,
};

// The 500-kill wide soak left one read with its result shown and no answer; a single kill at
// each commit of a read is not it (these pass): the next worker asks the model and shows it.
describe('a worker killed during a read the model asked for (S5)', () => {
  it.each(Object.keys(POINTS))('killed after the %s: the answer is shown', async (point) => {
    const world = await ServiceWorld.create(model.url);
    world.tools = (cms) => [readTool(cms), updatePostTool(cms)];
    await world.openTab(1);
    const panel = world.panel(world.worker());
    await panel.send({ type: 'thread-open', tabId: 1, fresh: true });
    const threadId = panel.view()!.threadId;
    model.setScript([
      turn.reply([block.toolUse('wp_get_entity', { id: 1 }, 'toolu_r')]),
      ...[1, 2, 3].map(() => turn.text('done read', { match: { toolResultFor: 'toolu_r' } })),
    ]);
    const kill = killAt(POINTS[point]!);
    kill.arm();
    void panel.send({ type: 'message-send', threadId, text: 'read post 1' });
    await kill.killed;
    const service = world.worker();
    const next = world.panel(service);
    await Promise.all([
      service.resumeInterrupted(),
      next.send({ type: 'thread-open', tabId: 1, threadId }),
    ]);
    await expect
      .poll(
        () => next.view()?.items.some((i) => i.kind === 'assistant' && i.text === 'done read'),
        { timeout: 5000 },
      )
      .toBe(true);
  });
});
