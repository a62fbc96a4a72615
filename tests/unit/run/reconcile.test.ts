import { describe, expect, it } from 'vitest';
import { awaiting, decisionFor, newThread } from './support/flow';
import { reply, text, toolUse } from './support/scripted-model';
import { OWNER, World } from './support/world';
import type { FaultPoint } from './support/faults';

/** Suspends on a rename, kills the worker at `point` while approving, and resumes. */
async function killWhileRunning(point: FaultPoint, reconcile: boolean) {
  const world = new World({ toolOptions: { reconcile } });
  const worker = world.worker();
  const threadId = await newThread(worker);
  world.model.script.push(
    reply(toolUse('wp_update_post', { id: 1, title: 'New' })),
    reply(text('Done.')),
  );
  const card = awaiting(await worker.runs.send(threadId, 'Rename', OWNER));
  worker.faults.killAt((p, d) => p === point && d['tool'] === 'wp_update_post');
  await worker.runs.decide(threadId, decisionFor(card));
  const fresh = world.worker();
  const result = await fresh.runs.resume(threadId);
  return { world, threadId, result, record: (await world.records(threadId))[0] };
}

describe('unknown outcomes after a worker died mid-call (idempotency)', () => {
  it('reconcile() finds the call took effect: recorded run, the person told, not run again', async () => {
    const { world, result, record } = await killWhileRunning('tool.executed', true);
    expect(result.kind).toBe('final');
    expect(world.cms.count('wp_update_post')).toBe(1);
    expect(record).toMatchObject({ status: 'run', resultSummary: 'Updated post 1.' });
    expect(world.eventsOf('notice').map((n) => n.code)).toContain('outcome-reconciled');
  });

  it('reconcile() finds the call did not take effect: it runs once now', async () => {
    const { world, result, record } = await killWhileRunning('tool.execute', true);
    expect(result.kind).toBe('final');
    expect(world.cms.count('wp_update_post')).toBe(1);
    expect(record?.status).toBe('run');
  });

  it('without reconcile() a call killed before it started is still not run: failed, check the site', async () => {
    const { world, record } = await killWhileRunning('tool.execute', false);
    expect(world.cms.count('wp_update_post')).toBe(0);
    expect(record).toMatchObject({ status: 'failed', error: { code: 'outcome-unknown' } });
    expect(world.eventsOf('notice').find((n) => n.code === 'outcome-unknown')?.level).toBe(
      'warning',
    );
  });

  it('a reconcile() that throws counts as unknown: failed and the person told, never run again', async () => {
    const world = new World({ toolOptions: { reconcile: true } });
    const tools = world.tools();
    world.options.tools = () =>
      tools.map((tool) =>
        tool.name === 'wp_update_post'
          ? { ...tool, reconcile: () => Promise.reject(new Error('CMS down')) }
          : tool,
      );
    const worker = world.worker();
    const threadId = await newThread(worker);
    world.model.script.push(
      reply(toolUse('wp_update_post', { id: 1, title: 'New' })),
      reply(text('Done.')),
    );
    const card = awaiting(await worker.runs.send(threadId, 'Rename', OWNER));
    worker.faults.killAt((p) => p === 'tool.executed');
    await worker.runs.decide(threadId, decisionFor(card));
    await world.worker().runs.resume(threadId);
    expect(world.cms.count('wp_update_post')).toBe(1);
    expect((await world.records(threadId))[0]).toMatchObject({
      status: 'failed',
      error: { code: 'outcome-unknown' },
    });
  });
});
