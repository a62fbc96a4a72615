import { describe, expect, it } from 'vitest';
import { awaiting, decisionFor, newThread } from './support/flow';
import { reply, text, toolUse } from './support/scripted-model';
import { OWNER, World } from './support/world';
import type { FaultPoint } from './support/faults';

// Issue 34 item 2, S5: after a worker stopped mid-call, a tool whose author claims it
// idempotent (`retryOnce`: an ability annotated `idempotent: true`) is run once more, and only
// once; any other ends as "check the site" and is never run twice.
function worldWith(retryOnce: boolean) {
  const world = new World({ toolOptions: { reconcile: false } });
  const tools = world.tools();
  world.options.tools = () =>
    tools.map((tool) =>
      tool.name === 'wp_update_post' ? { ...tool, retryOnce: retryOnce || undefined } : tool,
    );
  return world;
}

async function killedWhileRunning(world: World, point: FaultPoint) {
  const worker = world.worker();
  const threadId = await newThread(worker);
  world.model.script.push(
    reply(toolUse('wp_update_post', { id: 1, title: 'New' })),
    reply(text('Done.')),
  );
  const card = awaiting(await worker.runs.send(threadId, 'Rename', OWNER));
  worker.faults.killAt((p, d) => p === point && d['tool'] === 'wp_update_post');
  await worker.runs.decide(threadId, decisionFor(card));
  return threadId;
}

describe('a call that may run once more after a worker stopped (retryOnce)', () => {
  it('runs once more and is recorded run, the person told', async () => {
    const world = worldWith(true);
    const threadId = await killedWhileRunning(world, 'tool.executed');
    expect(world.cms.count('wp_update_post')).toBe(1);
    const result = await world.worker().runs.resume(threadId);
    expect(result.kind).toBe('final');
    expect(world.cms.count('wp_update_post')).toBe(2);
    expect((await world.records(threadId))[0]).toMatchObject({ status: 'run' });
    expect(world.eventsOf('notice').map((n) => n.code)).toContain('outcome-retried');
  });

  it('stopped again during the retry: "check the site", never a third run', async () => {
    const world = worldWith(true);
    const threadId = await killedWhileRunning(world, 'tool.executed');
    const second = world.worker();
    second.faults.killAt((p, d) => p === 'tool.executed' && d['tool'] === 'wp_update_post');
    await second.runs.resume(threadId).catch(() => undefined);
    expect(world.cms.count('wp_update_post')).toBe(2);
    await world.worker().runs.resume(threadId);
    expect(world.cms.count('wp_update_post')).toBe(2);
    expect((await world.records(threadId))[0]).toMatchObject({
      status: 'failed',
      error: { code: 'outcome-unknown' },
    });
  });

  it('without it the call is never run again: failed, check the site', async () => {
    const world = worldWith(false);
    const threadId = await killedWhileRunning(world, 'tool.executed');
    await world.worker().runs.resume(threadId);
    expect(world.cms.count('wp_update_post')).toBe(1);
    expect((await world.records(threadId))[0]).toMatchObject({
      status: 'failed',
      error: { code: 'outcome-unknown' },
    });
  });
});
