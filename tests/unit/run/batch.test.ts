import { describe, expect, it } from 'vitest';
import type { ApprovalRequest, BatchChoice } from '../../../src/run';
import { BATCH_MAX } from '../../../src/run/call/batch';
import { expectNothingLostOrDoubled, runWithKill } from './support/fault-run';
import { awaiting, decisionFor, newThread, toolResults } from './support/flow';
import { reply, text, toolUse } from './support/scripted-model';
import { OWNER, World } from './support/world';
import { updatePostTool } from './support/fake-cms';
import { deletePostTool } from './support/fake-tools';
import { CountersignError } from '../../../src/shared/errors';

/** Issue 36 item 1: one decision over a turn's calls, on the real run loop and fake CMS. */

/** The delete reads its target (as WordPress's does): a missing post cannot be read. */
function readingDelete(world: World) {
  world.options.tools = (cms) => [
    updatePostTool(cms),
    {
      ...deletePostTool(cms),
      facts: (_ctx, input: { id: number }) => {
        const post = cms.posts.get(input.id);
        if (!post) throw new CountersignError('not-found', `Post ${input.id} does not exist.`);
        return Promise.resolve({ entity: { id: post.id, type: 'post', modified: post.modified } });
      },
    },
  ];
}

async function turnOfTwo() {
  const world = new World();
  readingDelete(world);
  const worker = world.worker();
  const threadId = await newThread(worker);
  const rename = toolUse('wp_update_post', { id: 1, title: 'New' });
  const remove = toolUse('wp_delete_post', { id: 2 });
  world.model.script.push(reply(rename, remove), reply(text('Done.')));
  const card = awaiting(await worker.runs.send(threadId, 'Rename 1, delete 2', OWNER));
  const ids = [rename, remove].map((b) => (b.type === 'tool_use' ? b.id : ''));
  return { world, worker, threadId, card, ids };
}

function choose(card: ApprovalRequest, approve: boolean[]): BatchChoice[] {
  return card.batch.map((m, i) => ({
    recordId: m.recordId,
    payloadHash: m.payloadHash,
    targetModified: m.targetModified,
    approve: approve[i] ?? false,
  }));
}

describe('a turn decided at once (issue 36 item 1, G6-G8, G13)', () => {
  it('the later call that asks too is shown with the first, with its own hash; nothing is recorded for it yet', async () => {
    const { world, card } = await turnOfTwo();
    expect(card.batch).toHaveLength(1);
    expect(card.batch[0]).toMatchObject({ tool: 'wp_delete_post', careful: true });
    expect(card.batch[0]?.payloadHash).toMatch(/^[0-9a-f]{64}$/);
    expect(card.batch[0]?.payloadHash).not.toBe(card.payloadHash);
    expect(world.cms.executions).toEqual([]);
  });

  it('approving both runs both, in the model’s order, each recorded as decided by the person', async () => {
    const { world, worker, threadId, card } = await turnOfTwo();
    const out = await worker.runs.decide(
      threadId,
      decisionFor(card, { batch: choose(card, [true]) }),
    );
    expect(out.next?.kind).toBe('final');
    expect(world.cms.executions.map((e) => e.tool)).toEqual(['wp_update_post', 'wp_delete_post']);
    const records = await world.records(threadId);
    expect(records.map((r) => [r.tool, r.status, r.decidedBy])).toEqual([
      ['wp_update_post', 'run', '7'],
      ['wp_delete_post', 'run', '7'],
    ]);
    expect(records[1]?.history.map((h) => h.status)).toEqual(['pending', 'approved', 'run']);
    expect(records[1]?.payloadHash).toBe(card.batch[0]?.payloadHash);
  });

  it('an unselected call is rejected with the note and the model is told each one’s fate', async () => {
    const { world, worker, threadId, card, ids } = await turnOfTwo();
    await worker.runs.decide(
      threadId,
      decisionFor(card, { batch: choose(card, [false]), note: 'Keep post 2.' }),
    );
    expect(world.cms.executions.map((e) => e.tool)).toEqual(['wp_update_post']);
    const records = await world.records(threadId);
    expect(records[1]).toMatchObject({ status: 'rejected', decidedBy: '7' });
    const told = await toolResults(worker, threadId);
    expect(told.get(ids[1]!)?.content).toBe(
      'Tool call rejected by user. User\'s note: "Keep post 2."',
    );
    expect(told.get(ids[0]!)?.is_error).toBeFalsy();
  });

  it('the first rejected and the second approved: only the second runs', async () => {
    const { world, worker, threadId, card } = await turnOfTwo();
    await worker.runs.decide(
      threadId,
      decisionFor(card, { approve: false, batch: choose(card, [true]) }),
    );
    expect(world.cms.executions.map((e) => e.tool)).toEqual(['wp_delete_post']);
    const statuses = (await world.records(threadId)).map((r) => r.status);
    expect(statuses).toEqual(['rejected', 'run']);
  });

  it('G13: a later call whose target changed since its card comes back alone, with a fresh card', async () => {
    const { world, worker, threadId, card } = await turnOfTwo();
    world.cms.mustGet(2).modified = world.cms.nextModified();
    const out = await worker.runs.decide(
      threadId,
      decisionFor(card, { batch: choose(card, [true]) }),
    );
    expect(world.cms.executions.map((e) => e.tool)).toEqual(['wp_update_post']);
    const again = awaiting(out.next!);
    expect(again.tool).toBe('wp_delete_post');
    expect(again.batch).toEqual([]);
    expect((await world.records(threadId))[1]?.status).toBe('pending');
  });

  it('G7: a batch naming a card that is not the one shown decides nothing', async () => {
    const { world, worker, threadId, card } = await turnOfTwo();
    const [member] = choose(card, [true]);
    const out = await worker.runs.decide(
      threadId,
      decisionFor(card, { batch: [{ ...member!, payloadHash: 'e'.repeat(64) }] }),
    );
    expect(out.decision).toMatchObject({ kind: 'refused', error: { code: 'decision-stale' } });
    expect(world.cms.executions).toEqual([]);
    expect((await world.records(threadId)).map((r) => r.status)).toEqual(['pending']);
  });

  it('a call whose target cannot be read yet is not shown with the first, and the card says why', async () => {
    const world = new World();
    readingDelete(world);
    const worker = world.worker();
    const threadId = await newThread(worker);
    world.model.script.push(
      reply(
        toolUse('wp_update_post', { id: 1, title: 'New' }),
        toolUse('wp_delete_post', { id: 99 }),
      ),
    );
    const card = awaiting(await worker.runs.send(threadId, 'Go', OWNER));
    expect(card.batch).toEqual([]);
    expect(card.batchStop).toMatchObject({ tool: 'wp_delete_post' });
    expect(card.batchStop?.reason).toContain('handled on its own after them');
    expect(card.batchStop?.reason).toContain('Post 99 does not exist');
  });
});

describe('a long reply (issue 36 item 1)', () => {
  it('shows at most BATCH_MAX later calls with a card; the rest come after them', async () => {
    const world = new World();
    const worker = world.worker();
    const threadId = await newThread(worker);
    const calls = Array.from({ length: BATCH_MAX + 5 }, (_, i) =>
      toolUse('wp_update_post', { id: 1, title: `Title ${i}` }),
    );
    world.model.script.push(reply(...calls));
    const card = awaiting(await worker.runs.send(threadId, 'Many', OWNER));
    expect(card.batch).toHaveLength(BATCH_MAX);
    expect(card.waiting).toHaveLength(BATCH_MAX + 4);
  });
});

describe('a turn decided at once, the worker killed at every write (issue 36 item 1, S5)', () => {
  it('each approved call runs once, nothing is lost, whatever write the worker died at', async () => {
    let total = 0;
    const clean = await runWithKill(() => (total += 1) < 0, false, true, true);
    await expectNothingLostOrDoubled(clean);
    expect(clean.world.cms.count('wp_delete_post')).toBe(1);
    // One card asked about both: the batch path, not one card per call.
    expect(clean.world.eventsOf('approval')).toHaveLength(1);
    for (let k = 1; k <= total; k += 1) {
      let n = 0;
      const run = await runWithKill(() => (n += 1) === k, false, true, true);
      await expectNothingLostOrDoubled(run).catch((error: unknown) => {
        throw new Error(`killed at write ${k} of ${total}: ${String(error)}`);
      });
    }
  }, 60_000);
});
