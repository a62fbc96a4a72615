import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { RunState } from '../../../src/run';
import type { ThreadView } from '../../../src/shared/protocols/thread-protocol';
import type { AnyTool } from '../../../src/tools/tool';
import {
  block,
  startModelServer,
  turn,
  type ModelServer,
  type RecordedRequest,
} from '../../support/model-server';
import { updatePostTool, type FakeCms } from '../run/support/fake-cms';
import { killAt, nextWorker } from './support/kill-at';
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

/**
 * The read is shown once, before the answer to it, as run (or as failed, when the worker
 * stopped while it was executing: it is not run again), even when the view never heard of
 * it: the audit log holds it (row-catch-up.ts).
 */
function readBeforeAnswer(view: ThreadView, answer: string, point: string): boolean {
  const status = point === 'executing' ? 'failed' : 'run';
  const rows = view.items.flatMap((item, at) => (item.kind === 'tool' ? [[at, item.status]] : []));
  if (rows.length !== 1 || rows[0]![1] !== status) return false;
  const said = view.items.findIndex((i) => i.kind === 'assistant' && i.text === answer);
  return said > (rows[0]![0] as number);
}

const said = (view: ThreadView) =>
  view.items.flatMap((i) =>
    i.kind === 'user' || i.kind === 'assistant' ? [`${i.kind}: ${i.text}`] : [],
  );

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
    const next = await nextWorker(world, threadId);
    // Idle: the rows the view missed are caught up as the resume ends.
    await expect
      .poll(() => next.view() && !next.view()!.busy && said(next.view()!), { timeout: 5000 })
      .toEqual(['user: read post 1', 'assistant: done read']);
    expect(readBeforeAnswer(next.view()!, 'done read', point)).toBe(true);
  });
});

const EDITED = 'read post 1 again';
const editSaved = (s: RunState) => {
  const last = s.transcript.at(-1);
  return (
    !s.turn &&
    last?.role === 'user' &&
    last.content.some((b) => b.type === 'text' && b.text === EDITED)
  );
};

/** The model of these tests: a read for each message, `done first` / `done edit` after it. */
function readResponder(request: RecordedRequest): unknown {
  const body = request.body as { messages: Array<{ role: string; content: unknown }> };
  const last = body.messages.at(-1)!;
  const blocks = Array.isArray(last.content)
    ? (last.content as Array<{ type: string; text?: string; tool_use_id?: string }>)
    : [{ type: 'text', text: String(last.content) }];
  const result = blocks.find((b) => b.type === 'tool_result');
  if (result) {
    const which = result.tool_use_id === 'toolu_e' ? 'edit' : 'first';
    return { kind: 'reply', content: [{ type: 'text', text: `done ${which}` }] };
  }
  const edited = blocks.some((b) => b.type === 'text' && b.text === EDITED);
  const id = edited ? 'toolu_e' : 'toolu_r';
  return {
    kind: 'reply',
    content: [{ type: 'tool_use', id, name: 'wp_get_entity', input: { id: 1 } }],
  };
}

// Found by the 500-kill wide soak (its one stuck thread was an edit): an edit forgot the
// operation's start mark, so a worker stopped once the run had saved the edited message's
// answer left the next one nothing to stream and no mark to catch up from: the read shown,
// the answer never, the thread idle. Stopped earlier, the next worker showed the message
// as it was before the edit, with its old answer.
describe('a worker killed while an edited message is answered (S5, R1)', () => {
  afterEach(() => model.setResponder(null));
  it.each(['edit shown', 'edit saved', ...Object.keys(POINTS)])(
    'killed after the %s: the edited message and its answer, once',
    async (point) => {
      model.setResponder(readResponder);
      const world = await ServiceWorld.create(model.url);
      world.tools = (cms) => [readTool(cms), updatePostTool(cms)];
      await world.openTab(1);
      const panel = world.panel(world.worker());
      await panel.send({ type: 'thread-open', tabId: 1, fresh: true });
      const threadId = panel.view()!.threadId;
      await panel.send({ type: 'message-send', threadId, text: 'read post 1' });
      await expect
        .poll(() => said(panel.view()!))
        .toEqual(['user: read post 1', 'assistant: done first']);
      const asked = panel.view()!.items.find((i) => i.kind === 'user')!;
      // 'edit shown': the view saved with the edit, the run not yet: the next worker edits.
      const kill =
        point === 'edit shown'
          ? killAt(() => false, { view: (v) => v.since?.edit?.text === EDITED })
          : killAt(point === 'edit saved' ? editSaved : POINTS[point]!);
      kill.arm();
      void panel.send({ type: 'message-edit', threadId, itemId: asked.id, text: EDITED });
      await kill.killed;
      const next = await nextWorker(world, threadId);
      await expect
        .poll(() => next.view() && !next.view()!.busy && said(next.view()!), { timeout: 5000 })
        .toEqual([`user: ${EDITED}`, 'assistant: done edit']);
      expect(readBeforeAnswer(next.view()!, 'done edit', point)).toBe(true);
    },
  );
});
