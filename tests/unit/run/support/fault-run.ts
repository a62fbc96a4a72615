import { expect } from 'vitest';
import { isFinalStatus } from '../../../../src/audit';
import type { StepResult } from '../../../../src/run';
import { decisionFor, newThread } from './flow';
import type { FaultPoint } from './faults';
import { reply, text, toolUse } from './scripted-model';
import { OWNER, World, type Worker } from './world';

/** Where to kill the worker: a predicate over the fault points it passes. */
export type Kill = (point: FaultPoint, detail: Record<string, unknown>) => boolean;

/**
 * The scenario every fault test runs: the model reads post 1 (allowed), renames it (asks)
 * and deletes post 2 (asks), then answers. The person approves every card. The worker is
 * killed where `kill` says; fresh workers then resume over the same databases until the
 * run is final.
 */
export async function runWithKill(
  kill: Kill,
  reconcile = false,
  oneDatabase = false,
  /** Issue 36: decide the turn at once (the later calls shown with the first card too). */
  batch = false,
) {
  const world = new World({ toolOptions: { reconcile }, oneDatabase });
  let worker: Worker = world.worker();
  const threadId = await newThread(worker);
  // A model asked again after a kill answers the same request the same way.
  const calls = reply(
    toolUse('wp_get_post', { id: 1 }),
    toolUse('wp_update_post', { id: 1, title: 'New' }),
    toolUse('wp_delete_post', { id: 2 }),
  );
  world.model.respond = (request) => {
    const last = request.messages.at(-1)?.content ?? [];
    return last.some((block) => block.type === 'tool_result')
      ? reply(text('Renamed and deleted.'))
      : calls;
  };
  worker.faults.killAt(kill);
  let killed = false;
  let result: StepResult;
  try {
    result = await worker.runs.send(threadId, 'Rename 1, delete 2', OWNER);
  } catch {
    // Killed while saving the message itself: it was not stored, so the panel sends it again.
    worker = world.worker();
    result = await worker.runs.send(threadId, 'Rename 1, delete 2', OWNER);
    killed = true;
  }
  killed ||= Boolean(worker.faults.killed);
  for (let round = 0; round < 12 && result.kind !== 'final'; round += 1) {
    if (worker.faults.killed) worker = world.worker();
    if (result.kind === 'awaiting-approval') {
      const members = batch ? result.approval.batch : [];
      const out = await worker.runs.decide(
        threadId,
        decisionFor(result.approval, {
          batch: members.map((m) => ({
            recordId: m.recordId,
            payloadHash: m.payloadHash,
            targetModified: m.targetModified,
            approve: true,
          })),
        }),
      );
      // A decision that did not go through (the worker died) is resumed by the next worker.
      result = out.next ?? {
        kind: 'failed',
        state: result.state,
        error: { code: 'x', message: '' },
      };
    } else {
      result = await worker.runs.resume(threadId);
    }
    killed ||= Boolean(worker.faults.killed);
  }
  return { world, worker, threadId, result, killed };
}

/** 0 lost records and 0 double executions, whatever the kill did. */
export async function expectNothingLostOrDoubled(run: Awaited<ReturnType<typeof runWithKill>>) {
  const { world, threadId, result } = run;
  expect(result.kind).toBe('final');
  for (const tool of ['wp_get_post', 'wp_update_post', 'wp_delete_post']) {
    expect(world.cms.count(tool), `${tool} executions`).toBeLessThanOrEqual(1);
  }
  const records = await world.records(threadId);
  expect(records.map((r) => r.tool)).toEqual(['wp_get_post', 'wp_update_post', 'wp_delete_post']);
  for (const record of records) {
    expect(isFinalStatus(record.status), `${record.tool} is ${record.status}`).toBe(true);
    const ran = world.cms.count(record.tool) === 1;
    // A call that took effect is recorded as run, or as failed with an unknown outcome.
    if (ran) expect(['run', 'failed']).toContain(record.status);
    if (record.status === 'run') expect(ran).toBe(true);
    if (record.status === 'failed') expect(record.error?.code).toBe('outcome-unknown');
  }
  const state = await run.worker.runs.state(threadId);
  const uses = state.transcript.flatMap((m) =>
    m.content.flatMap((b) => (b.type === 'tool_use' ? [b.id] : [])),
  );
  const results = state.transcript.flatMap((m) =>
    m.content.flatMap((b) => (b.type === 'tool_result' ? [b.tool_use_id] : [])),
  );
  expect(results).toEqual(uses);
  return records;
}
