import { describe, expect, it } from 'vitest';
import { awaiting, decisionFor, newThread, toolResults } from './support/flow';
import { reply, text, toolUse } from './support/scripted-model';
import { OWNER, World } from './support/world';

/** A thread whose `wp_update_post` of post 1 waits for a decision (a second approver's). */
async function waiting() {
  const world = new World();
  const worker = world.worker();
  const threadId = await newThread(worker);
  const call = toolUse('wp_update_post', { id: 1, title: 'New' });
  world.model.script.push(reply(call), reply(text('It expired; shall I ask again?')));
  const card = awaiting(await worker.runs.send(threadId, 'Rename post 1', OWNER));
  const toolUseId = call.type === 'tool_use' ? call.id : '';
  return { world, worker, threadId, card, toolUseId };
}

describe("the site's expiry of a call waiting for a second approver (G12, G15)", () => {
  it('G12: the call ends expired, never rejected or run; the model is told and answers', async () => {
    const { world, worker, threadId, card, toolUseId } = await waiting();
    const next = await worker.runs.expire(threadId, card.recordId, 30 * 60_000);
    expect(next?.kind).toBe('final');
    const [record] = await world.records(threadId);
    expect(record?.status).toBe('expired');
    expect(world.cms.executions).toEqual([]);
    const told = (await toolResults(worker, threadId)).get(toolUseId);
    expect(told?.is_error).toBe(true);
    expect(told?.content).toContain('expired after 30 minutes without a decision');
    expect(await worker.runs.approval(threadId)).toBeNull();
  });

  it('G12: an expiry for a call that no longer waits changes nothing', async () => {
    const { world, worker, threadId, card } = await waiting();
    await worker.runs.decide(threadId, decisionFor(card));
    expect(await worker.runs.expire(threadId, card.recordId, 60_000)).toBeNull();
    expect(await worker.runs.expire(threadId, 'no-such-record', 60_000)).toBeNull();
    const [record] = await world.records(threadId);
    expect(record?.status).toBe('run');
    expect(world.cms.count('wp_update_post')).toBe(1);
  });

  it('G12: a decision after the expiry is refused and runs nothing', async () => {
    const { world, worker, threadId, card } = await waiting();
    await worker.runs.expire(threadId, card.recordId, 60_000);
    const late = await worker.runs.decide(threadId, decisionFor(card));
    expect(late.decision.kind).toBe('refused');
    expect(world.cms.executions).toEqual([]);
    expect((await world.records(threadId))[0]?.status).toBe('expired');
  });
});
