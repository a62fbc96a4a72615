import { describe, expect, it } from 'vitest';
import { ModelError } from '../../../src/run/model-port';
import { findUnsafeKey } from '../../../src/run/call/unsafe-keys';
import { injectQuotaError } from '../audit/quota';
import { awaiting, decisionFor, newThread, toolResults } from './support/flow';
import { reply, text, toolUse } from './support/scripted-model';
import { OWNER, World, type WorldOptions } from './support/world';

async function started(options: WorldOptions = {}) {
  const world = new World(options);
  const worker = world.worker();
  const threadId = await newThread(worker);
  return { world, worker, threadId };
}

describe('bad input gets a clear, specific error, is recorded, and loses nothing', () => {
  it('a malformed model reply fails the step with model-bad-reply; nothing runs; resume asks again', async () => {
    const { world, worker, threadId } = await started();
    const broken = {
      content: [{ type: 'tool_use', name: 'wp_get_post' }],
      stopReason: 'tool_use',
    } as never;
    world.model.script.push(broken, reply(text('Fine now.')));
    const first = await worker.runs.send(threadId, 'Hi', OWNER);
    expect(first).toMatchObject({ kind: 'failed', error: { code: 'model-bad-reply' } });
    expect(await world.records(threadId)).toEqual([]);
    expect((await worker.runs.resume(threadId)).kind).toBe('final');
  });

  it('a reply with two tool calls of the same id is refused as malformed', async () => {
    const { world, worker, threadId } = await started();
    world.model.script.push(
      reply(toolUse('wp_get_post', { id: 1 }, 'same'), toolUse('wp_get_post', { id: 2 }, 'same')),
    );
    expect(await worker.runs.send(threadId, 'Hi', OWNER)).toMatchObject({
      error: { code: 'model-bad-reply' },
    });
    expect(world.cms.executions).toEqual([]);
  });

  it('an unknown tool is a tool error listing the tools, recorded refused', async () => {
    const { world, worker, threadId } = await started();
    const use = toolUse('wp_format_disk', { now: true });
    world.model.script.push(reply(use), reply(text('Sorry.')));
    expect((await worker.runs.send(threadId, 'Hi', OWNER)).kind).toBe('final');
    const [record] = await world.records(threadId);
    expect(record).toMatchObject({
      tool: 'wp_format_disk',
      status: 'refused',
      classification: null,
      error: { code: 'unknown-tool' },
    });
    const result = (await toolResults(worker, threadId)).values().next().value;
    expect(result?.content).toMatch(
      /^Unknown tool "wp_format_disk"\. Available tools: wp_get_post, /,
    );
  });

  it('input with a __proto__ key is refused and never stored; the state still reads back', async () => {
    const { world, worker, threadId } = await started();
    const input = JSON.parse('{"id": 1, "title": "x", "__proto__": {"admin": true}}') as unknown;
    world.model.script.push(reply(toolUse('wp_update_post', input)), reply(text('ok')));
    expect((await worker.runs.send(threadId, 'Hi', OWNER)).kind).toBe('final');
    expect(await world.records(threadId)).toMatchObject([
      { status: 'refused', input: null, error: { code: 'invalid-input' } },
    ]);
    const state = await world.worker().runs.state(threadId);
    expect(findUnsafeKey(state)).toBeNull();
    expect(state.transcript[1]?.content[0]).toMatchObject({ type: 'tool_use', input: {} });
  });

  it('input that is not an object is refused; the transcript keeps an object for the API', async () => {
    const { world, worker, threadId } = await started();
    world.model.script.push(reply(toolUse('wp_get_post', 'post one')), reply(text('ok')));
    await worker.runs.send(threadId, 'Hi', OWNER);
    expect(await world.records(threadId)).toMatchObject([{ status: 'refused', input: 'post one' }]);
    expect((await worker.runs.state(threadId)).transcript[1]?.content[0]).toMatchObject({
      input: {},
    });
  });

  it('a model error fails the step with its code and a notice; the run resumes later', async () => {
    const { world, worker, threadId } = await started();
    world.model.script.push(
      new ModelError('rate-limit', 'Too many requests; try again shortly.'),
      reply(text('Back.')),
    );
    const first = await worker.runs.send(threadId, 'Hi', OWNER);
    expect(first).toMatchObject({ kind: 'failed', error: { code: 'model-rate-limit' } });
    expect(world.eventsOf('notice').at(-1)).toMatchObject({
      level: 'error',
      code: 'model-rate-limit',
    });
    expect((await worker.runs.resume(threadId)).kind).toBe('final');
  });

  it('a storage quota error on the sealed store fails with storage-full; freeing space resumes with nothing lost', async () => {
    let full = { on: false };
    const { world, worker, threadId } = await started({
      beforeOpen: ({ storeDb }) => (full = injectQuotaError(storeDb, 'sealed')),
    });
    world.model.script.push(
      reply(toolUse('wp_get_post', { id: 1 }), toolUse('wp_update_post', { id: 1, title: 'New' })),
      reply(text('Done.')),
    );
    const card = awaiting(await worker.runs.send(threadId, 'Hi', OWNER));
    full.on = true;
    const out = await worker.runs.decide(threadId, decisionFor(card));
    expect(out.decision).toMatchObject({ kind: 'failed', error: { code: 'storage-full' } });
    expect(world.eventsOf('notice').at(-1)).toMatchObject({ level: 'error', code: 'storage-full' });
    expect(world.cms.count('wp_update_post')).toBe(0); // the intent could not be saved: nothing ran
    full.on = false;
    expect((await worker.runs.resume(threadId)).kind).toBe('final');
    expect(world.cms.count('wp_update_post')).toBe(1);
    expect((await world.records(threadId)).map((r) => r.status)).toEqual(['run', 'run']);
  });

  it('a storage quota error on the audit log fails with storage-full before anything runs', async () => {
    let toggle = { on: false };
    const { world, worker, threadId } = await started({
      admin: { wp_update_post: { mode: 'allow' } },
      beforeOpen: ({ auditDb }) => (toggle = injectQuotaError(auditDb, 'records')),
    });
    world.model.script.push(
      reply(toolUse('wp_update_post', { id: 2, title: 'New' })),
      reply(text('Done.')),
    );
    toggle.on = true;
    const first = await worker.runs.send(threadId, 'Hi', OWNER);
    expect(first).toMatchObject({ kind: 'failed', error: { code: 'storage-full' } });
    expect(world.cms.executions).toEqual([]);
    toggle.on = false;
    expect((await worker.runs.resume(threadId)).kind).toBe('final');
    expect(world.cms.count('wp_update_post')).toBe(1);
  });

  it('a CMS session of another user stops the run before any call (G5: the acting user is the owner)', async () => {
    const { world, worker, threadId } = await started({
      sessionUser: { id: 9, name: 'Mallory', roles: [], capabilities: {} },
    });
    world.model.script.push(reply(toolUse('wp_get_post', { id: 1 })));
    const result = await worker.runs.send(threadId, 'Hi', OWNER);
    expect(result).toMatchObject({ kind: 'failed', error: { code: 'thread-not-owner' } });
    expect(world.cms.executions).toEqual([]);
  });

  it('a message from someone other than the owner is refused', async () => {
    const { worker, threadId } = await started();
    await expect(
      worker.runs.send(threadId, 'Hi', { userId: '8', siteOrigin: OWNER.siteOrigin }),
    ).rejects.toMatchObject({
      code: 'thread-not-owner',
    });
  });
});
