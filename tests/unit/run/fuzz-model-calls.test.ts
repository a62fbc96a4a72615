// Fuzzing the run loop with the tool calls a confused or manipulated model could send
// (T5, S1, S5; issue 16): whatever the calls hold, the turn ends in an answer or a card,
// nothing runs that the schema refused, every call is recorded once, and the saved state
// reads back (a hostile input must never make the thread unreadable).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findUnsafeKey } from '../../../src/run/call/unsafe-keys';
import {
  fuzzParams,
  hostileJson,
  nested,
  schemaShaped,
  type JsonSchemaLike,
} from '../../support/fuzz/hostile';
import { newThread } from './support/flow';
import { reply, text, toolUse } from './support/scripted-model';
import { OWNER, World } from './support/world';

const RUNS = fuzzParams(60);

/** One model reply of one to three calls, to known tools (mostly) and unknown ones. */
function callsFor(world: World) {
  const worker = world.worker();
  const defs = worker.deps.registry.definitions();
  const ids = fc.constantFrom(1, 2, 3, -1);
  const known = defs.map((d) =>
    fc.tuple(fc.constant(d.name), schemaShaped(d.input_schema as JsonSchemaLike, ids)),
  );
  const unknown = fc.tuple(fc.constantFrom('wp_format_disk', '__proto__', '', 'a b'), hostileJson);
  return fc.array(fc.oneof({ weight: 5, arbitrary: fc.oneof(...known) }, unknown), {
    minLength: 1,
    maxLength: 3,
  });
}

async function turn(world: World, calls: [string, unknown][]) {
  const worker = world.worker();
  const threadId = await newThread(worker);
  // The first request gets the fuzzed calls; every later one (after results, refusals or
  // a decision) a plain answer.
  let asked = 0;
  world.model.respond = () =>
    asked++ === 0
      ? reply(...calls.map(([name, input]) => toolUse(name, input)))
      : reply(text('Done.'));
  const result = await worker.runs.send(threadId, 'Please tidy the site.', OWNER);
  return { worker, threadId, result };
}

describe('the run loop under fuzzed tool calls from the model', () => {
  it('always ends the turn cleanly, runs only valid calls, records every call', async () => {
    const world = new World();
    await fc.assert(
      fc.asyncProperty(callsFor(world), async (calls) => {
        world.cms.executions.length = 0;
        const { worker, threadId, result } = await turn(world, calls);
        if (result.kind === 'failed') {
          // The one clean failure: a reply that is not well-formed (an empty tool name,
          // say) is refused whole, and none of it runs or is recorded.
          expect(result.error.code).toBe('model-bad-reply');
          expect(world.cms.executions).toEqual([]);
          expect(await world.records(threadId)).toEqual([]);
          return;
        }
        expect(['final', 'awaiting-approval']).toContain(result.kind);
        // Only inputs the tool's own schema accepts ever reach the CMS.
        for (const run of world.cms.executions) {
          const tool = worker.deps.registry.get(run.tool)!;
          expect(tool.input.safeParse(run.input).success).toBe(true);
        }
        // A fresh worker reads the thread back: nothing hostile was stored.
        const state = await world.worker().runs.state(threadId);
        expect(findUnsafeKey(state, 200)).toBeNull();
        // Every call of the reply that was reached has exactly one record.
        const records = await world.records(threadId);
        expect(new Set(records.map((r) => r.id)).size).toBe(records.length);
        expect(records.length).toBeGreaterThan(0);
        expect(records.length).toBeLessThanOrEqual(calls.length);
      }),
      RUNS,
    );
  }, 120_000);

  it('an input nested 20,000 levels deep is refused and the thread stays readable', async () => {
    const world = new World();
    const deep = nested(20_000, 'x');
    const { threadId, result } = await turn(world, [['wp_update_post', { id: 1, title: deep }]]);
    expect(result.kind).toBe('final');
    const [record] = await world.records(threadId);
    expect(record).toMatchObject({ status: 'refused', error: { code: 'invalid-input' } });
    expect(record!.outcome).toMatch(/nested more than 64 levels deep/);
    expect(world.cms.executions).toEqual([]);
    expect((await world.worker().runs.state(threadId)).threadId).toBe(threadId);
  });
});
