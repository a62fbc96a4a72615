import { describe, expect, it } from 'vitest';
import { awaiting, decisionFor, newThread } from './support/flow';
import { reply, text, toolUse } from './support/scripted-model';
import { OWNER, World } from './support/world';

/**
 * S5, G7, G12: a worker killed between the audit's `approved` and the run state's intent
 * leaves a card that still asks while its record says approved. A fresh worker knows
 * (`needsRecovery`), and the next decision on that card runs the call once instead of
 * answering "already decided" and leaving the thread stuck.
 */
const has = (detail: Record<string, unknown>, status: string) =>
  Array.isArray(detail['calls']) && detail['calls'].includes(status);

describe('an approval stranded by a killed worker', () => {
  async function stranded() {
    const world = new World();
    let worker = world.worker();
    const threadId = await newThread(worker);
    world.model.respond = (request) =>
      request.messages.at(-1)?.content.some((b) => b.type === 'tool_result')
        ? reply(text('Renamed.'))
        : reply(toolUse('wp_update_post', { id: 1, title: 'New' }));
    const approval = awaiting(await worker.runs.send(threadId, 'Rename post 1', OWNER));
    worker.faults.killAt((point, d) => point === 'audit.transitioned' && d['to'] === 'approved');
    await worker.runs.decide(threadId, decisionFor(approval)).catch(() => undefined);
    expect(worker.faults.killed).toBeTruthy();
    expect((await world.auditLog().get(approval.recordId))?.status).toBe('approved');
    worker = world.worker();
    return { world, worker, threadId, approval };
  }

  it('a fresh worker sees it needs recovery, and resume runs it once', async () => {
    const { world, worker, threadId, approval } = await stranded();
    expect(await worker.runs.needsRecovery(threadId)).toBe(true);
    expect((await worker.runs.resume(threadId)).kind).toBe('final');
    expect(world.cms.count('wp_update_post')).toBe(1);
    expect((await world.auditLog().get(approval.recordId))?.status).toBe('run');
    expect(await worker.runs.needsRecovery(threadId)).toBe(false);
  });

  it('the card clicked again: the call runs once, and the click is told it was decided', async () => {
    const { world, worker, threadId, approval } = await stranded();
    const out = await worker.runs.decide(threadId, decisionFor(approval));
    expect(out.decision).toMatchObject({
      kind: 'refused',
      error: { code: 'decision-already-decided' },
    });
    expect(out.next?.kind).toBe('final');
    expect(world.cms.count('wp_update_post')).toBe(1);
    expect((await world.auditLog().get(approval.recordId))?.status).toBe('run');
  });

  it('killed after the call ran, before its result reached the model: recovery answers', async () => {
    const world = new World();
    let worker = world.worker();
    const threadId = await newThread(worker);
    world.model.respond = (request) =>
      request.messages.at(-1)?.content.some((b) => b.type === 'tool_result')
        ? reply(text('Renamed.'))
        : reply(toolUse('wp_update_post', { id: 1, title: 'New' }));
    const approval = awaiting(await worker.runs.send(threadId, 'Rename post 1', OWNER));
    worker.faults.killAt((point, d) => point === 'store.saved' && has(d, 'done'));
    await worker.runs.decide(threadId, decisionFor(approval)).catch(() => undefined);
    expect(worker.faults.killed).toBeTruthy();
    worker = world.worker();
    expect(await worker.runs.needsRecovery(threadId)).toBe(true);
    expect((await worker.runs.resume(threadId)).kind).toBe('final');
    expect(world.cms.count('wp_update_post')).toBe(1);
  });

  it('a thread that only waits for a person needs no recovery', async () => {
    const world = new World();
    const worker = world.worker();
    const threadId = await newThread(worker);
    world.model.respond = () => reply(toolUse('wp_update_post', { id: 1, title: 'New' }));
    awaiting(await worker.runs.send(threadId, 'Rename post 1', OWNER));
    expect(await world.worker().runs.needsRecovery(threadId)).toBe(false);
  });
});
