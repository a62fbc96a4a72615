import { describe, expect, it } from 'vitest';
import { ThreadRefusedError } from '../../../src/run';
import { awaiting, decisionFor, newThread } from './support/flow';
import { reply, text, toolUse } from './support/scripted-model';
import { OWNER, World, type WorldOptions } from './support/world';

function setUp(options: WorldOptions = {}) {
  const world = new World(options);
  const worker = world.worker();
  return { world, worker };
}

const three = () => [
  toolUse('wp_update_post', { id: 1, title: 'First' }),
  toolUse('wp_update_post', { id: 2, title: 'Second' }),
  toolUse('wp_delete_post', { id: 2 }),
];

describe('suspending a turn (G6, P1-P3)', () => {
  it('G6: the first call that asks is stored pending with its payload hash; the turn ends', async () => {
    const { world, worker } = setUp();
    const threadId = await newThread(worker);
    world.model.script.push(reply(...three()));
    const card = awaiting(await worker.runs.send(threadId, 'Go', OWNER));
    expect(card).toMatchObject({
      tool: 'wp_update_post',
      position: 0,
      input: { id: 1, title: 'First' },
    });
    expect(card.payloadHash).toMatch(/^[0-9a-f]{64}$/);
    expect(card.shortHash).toBe(card.payloadHash.slice(0, 8));
    const records = await world.records(threadId);
    expect(records).toMatchObject([{ status: 'pending', payloadHash: card.payloadHash }]);
    expect(world.model.requests).toHaveLength(1);
    expect(world.cms.executions).toEqual([]);
  });

  it('G6: later calls wait in order and each goes through the gate in turn after the decision', async () => {
    const { world, worker } = setUp();
    const threadId = await newThread(worker);
    world.model.script.push(reply(...three()), reply(text('All done.')));
    const first = awaiting(await worker.runs.send(threadId, 'Go', OWNER));
    expect(first.waiting.map((w) => [w.position, w.tool])).toEqual([
      [1, 'wp_update_post'],
      [2, 'wp_delete_post'],
    ]);
    const second = awaiting((await worker.runs.decide(threadId, decisionFor(first))).next!);
    expect(second).toMatchObject({ position: 1, waiting: [{ position: 2 }] });
    const third = awaiting((await worker.runs.decide(threadId, decisionFor(second))).next!);
    expect(third).toMatchObject({ position: 2, tool: 'wp_delete_post', waiting: [] });
    const end = await worker.runs.decide(threadId, decisionFor(third));
    expect(end.next?.kind).toBe('final');
    expect(world.cms.executions.map((e) => e.tool)).toEqual([
      'wp_update_post',
      'wp_update_post',
      'wp_delete_post',
    ]);
    expect((await world.records(threadId)).map((r) => r.status)).toEqual(['run', 'run', 'run']);
  });

  it('G6: a new message in the thread is refused while a call is pending', async () => {
    const { world, worker } = setUp();
    const threadId = await newThread(worker);
    world.model.script.push(reply(...three()));
    awaiting(await worker.runs.send(threadId, 'Go', OWNER));
    const again = worker.runs.send(threadId, 'And another thing', OWNER);
    await expect(again).rejects.toBeInstanceOf(ThreadRefusedError);
    await expect(worker.runs.send(threadId, 'x', OWNER)).rejects.toMatchObject({
      code: 'thread-call-pending',
    });
    const state = await worker.runs.state(threadId);
    expect(state.transcript.filter((m) => m.role === 'user')).toHaveLength(1);
    expect(world.model.requests).toHaveLength(1);
  });

  it('P1: previews are produced at suspension for every offered call, as the run user, and stored', async () => {
    const seen: number[] = [];
    const { world, worker } = setUp({
      toolOptions: {
        preview: (ctx, input) => (
          seen.push(Number(ctx.user.id)),
          Promise.resolve([`Would set ${input.title}`])
        ),
      },
    });
    const threadId = await newThread(worker);
    world.model.script.push(reply(...three()));
    const card = awaiting(await worker.runs.send(threadId, 'Go', OWNER));
    expect(card.preview?.lines).toEqual(['Would set First']);
    expect(card.waiting[0]?.preview?.lines).toEqual(['Would set Second']);
    expect(card.waiting[1]?.preview).toBeNull(); // wp_delete_post offers no preview
    expect(seen).toEqual([7, 7]);
    const stored = await world.worker().runs.state(threadId);
    expect(stored.turn?.previews.map((p) => [p.position, p.tool])).toEqual([
      [0, 'wp_update_post'],
      [1, 'wp_update_post'],
    ]);
  });

  it('P2: previews are bounded to 20 lines of 500 characters, whitespace collapsed', async () => {
    const many = Array.from(
      { length: 30 },
      (_, i) => `line ${i}\n\t  with   gaps ${'x'.repeat(600)}`,
    );
    const { world, worker } = setUp({ toolOptions: { preview: () => Promise.resolve(many) } });
    const threadId = await newThread(worker);
    world.model.script.push(reply(toolUse('wp_update_post', { id: 1, title: 'A' })));
    const lines = awaiting(await worker.runs.send(threadId, 'Go', OWNER)).preview?.lines ?? [];
    expect(lines).toHaveLength(20);
    expect(lines.every((line) => line.length <= 500)).toBe(true);
    expect(lines[0]).toMatch(/^line 0 with gaps x+…$/);
    expect(lines[19]).toBe('… and 11 more lines');
  });

  it('P3: a preview that throws becomes one failed line with only the error class', async () => {
    const { world, worker } = setUp({
      toolOptions: {
        preview: () => Promise.reject(new TypeError('Access denied for user root@db')),
      },
    });
    const threadId = await newThread(worker);
    world.model.script.push(reply(toolUse('wp_update_post', { id: 1, title: 'A' })));
    const card = awaiting(await worker.runs.send(threadId, 'Go', OWNER));
    expect(card.preview).toEqual({
      position: 0,
      tool: 'wp_update_post',
      lines: ['Preview failed (TypeError)'],
      failed: { errorClass: 'TypeError' },
    });
    expect(JSON.stringify(card)).not.toContain('root@db');
  });

  it('P3: a preview that returns nothing is a failed line too', async () => {
    const { world, worker } = setUp({ toolOptions: { preview: () => Promise.resolve([' ', '']) } });
    const threadId = await newThread(worker);
    world.model.script.push(reply(toolUse('wp_update_post', { id: 1, title: 'A' })));
    const card = awaiting(await worker.runs.send(threadId, 'Go', OWNER));
    expect(card.preview?.failed).toEqual({ errorClass: 'EmptyPreview' });
  });
});
