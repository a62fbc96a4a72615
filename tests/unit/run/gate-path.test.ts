import { describe, expect, it } from 'vitest';
import { payloadHash } from '../../../src/run/call/payload-hash';
import { awaiting, newThread, toolResults } from './support/flow';
import { reply, text, thinking, toolUse } from './support/scripted-model';
import { OWNER, World, type WorldOptions } from './support/world';
import type { TranscriptBlock } from '../../../src/run/model-port';

/** One model reply with these blocks, then a closing text; returns the first interruption. */
async function oneTurn(options: WorldOptions, ...blocks: TranscriptBlock[]) {
  const world = new World(options);
  const worker = world.worker();
  const threadId = await newThread(worker);
  world.model.script.push(reply(...blocks), reply(text('Done.')));
  const result = await worker.runs.send(threadId, 'Please.', OWNER);
  return { world, worker, threadId, result, records: await world.records(threadId) };
}

describe('the run loop through the gate (G1-G5, G9-G11, T5)', () => {
  it('G1: an allow entry runs a draft write at once, recorded run and decided by policy', async () => {
    const { world, result, records } = await oneTurn(
      { admin: { wp_update_post: { mode: 'allow' } } },
      toolUse('wp_update_post', { id: 2, title: 'New' }),
    );
    expect(result.kind).toBe('final');
    expect(world.cms.count('wp_update_post')).toBe(1);
    expect(records).toMatchObject([
      { status: 'run', mode: 'allow', decidedBy: 'countersign:policy' },
    ]);
  });

  it('G1: a once entry asks the first call of the tool in the thread', async () => {
    const { result } = await oneTurn(
      { admin: { wp_update_post: { mode: 'once' } } },
      toolUse('wp_update_post', { id: 2, title: 'New' }),
    );
    expect(awaiting(result)).toMatchObject({ mode: 'once', canGrantOnce: true });
  });

  it('A1: every path of one reply leaves exactly one record with its status', async () => {
    const { records } = await oneTurn(
      {
        admin: { wp_get_post: { mode: 'allow' }, wp_list_comments: { mode: 'deny' } },
        toolOptions: { locked: new Set([2]) },
      },
      toolUse('wp_get_post', { id: 1 }),
      toolUse('wp_list_comments', { id: 1 }),
      toolUse('wp_get_post', { id: 'x' }),
      toolUse('wp_update_post', { id: 2, title: 'Locked' }),
      toolUse('wp_update_post', { id: 1, title: 'Asks' }),
      toolUse('wp_delete_post', { id: 2 }),
    );
    expect(records.map((r) => [r.position, r.status, r.error?.code])).toEqual([
      [0, 'run', undefined],
      [1, 'refused', 'policy-deny'],
      [2, 'refused', 'invalid-input'],
      [3, 'refused', 'access-denied'],
      [4, 'pending', undefined],
    ]);
  });

  it('G1: a deny entry refuses the call: a tool error to the model and a refused record', async () => {
    const use = toolUse('wp_get_post', { id: 1 });
    const { world, worker, threadId, records } = await oneTurn(
      { admin: { wp_get_post: { mode: 'deny' } } },
      use,
    );
    expect(world.cms.executions).toEqual([]);
    expect(records).toMatchObject([
      { status: 'refused', mode: 'deny', error: { code: 'policy-deny' } },
    ]);
    const results = await toolResults(worker, threadId);
    expect(results.get(use.type === 'tool_use' ? use.id : '')).toMatchObject({ is_error: true });
  });

  it('G2: a destructive tool asks even under an allow entry', async () => {
    const { result } = await oneTurn(
      { admin: { wp_delete_post: { mode: 'allow' } } },
      toolUse('wp_delete_post', { id: 1 }),
    );
    expect(awaiting(result)).toMatchObject({ tool: 'wp_delete_post', mode: 'allow' });
  });

  it('G3: by default a read runs at once and a write asks', async () => {
    const { world, result, records } = await oneTurn(
      {},
      toolUse('wp_get_post', { id: 1 }),
      toolUse('wp_update_post', { id: 2, title: 'New' }),
    );
    expect(world.cms.count('wp_get_post')).toBe(1);
    expect(awaiting(result).tool).toBe('wp_update_post');
    expect(records.map((r) => r.status)).toEqual(['run', 'pending']);
  });

  it('G4: a rule approves the call it matches, and only that one', async () => {
    const rule = { '==': [{ var: 'facts.entity.status' }, 'draft'] };
    const { world, result } = await oneTurn(
      { admin: { wp_update_post: { mode: 'ask', rule } } },
      toolUse('wp_update_post', { id: 2, title: 'Draft ok' }),
      toolUse('wp_update_post', { id: 1, title: 'Live asks' }),
    );
    expect(world.cms.count('wp_update_post')).toBe(1);
    expect(awaiting(result).input).toEqual({ id: 1, title: 'Live asks' });
  });

  it('G5: access refused as the acting user is a tool error and a refused record counted in A4', async () => {
    const { worker, result, records } = await oneTurn(
      { admin: { wp_update_post: { mode: 'allow' } }, toolOptions: { locked: new Set([2]) } },
      toolUse('wp_update_post', { id: 2, title: 'No' }),
    );
    expect(result.kind).toBe('final');
    expect(records).toMatchObject([{ status: 'refused', error: { code: 'access-denied' } }]);
    expect(records[0]?.outcome).toContain('you may not edit post 2');
    const report = await worker.audit.refusedReport(() => true);
    expect(report).toMatchObject([{ tool: 'wp_update_post', count: 1 }]);
  });

  it('T5: invalid model input is a tool error naming the field, recorded, with no pending call', async () => {
    const { world, worker, threadId, result, records } = await oneTurn(
      {},
      toolUse('wp_update_post', { id: 'one', title: 5 }),
    );
    expect(result.kind).toBe('final');
    expect(records).toMatchObject([{ status: 'refused', error: { code: 'invalid-input' } }]);
    const [content] = [...(await toolResults(worker, threadId)).values()];
    expect(content?.content).toMatch(/id: expected number.*title: expected string/);
    expect(world.eventsOf('approval')).toEqual([]);
  });

  it('G9: a whole-state write missing fields is refused before any card, naming them', async () => {
    const { world, result, records } = await oneTurn(
      {
        checkWholeState: (_ctx, tool) =>
          Promise.resolve(
            tool.classification?.whole
              ? {
                  ok: false,
                  fields: ['excerpt'],
                  message: 'Missing fields that hold a value: excerpt.',
                }
              : { ok: true },
          ),
      },
      toolUse('wp_replace_post', { id: 1, title: 'Only title' }),
    );
    expect(result.kind).toBe('final');
    expect(world.eventsOf('approval')).toEqual([]);
    expect(records).toMatchObject([
      {
        status: 'refused',
        error: { code: 'whole-state' },
        outcome: expect.stringContaining('excerpt'),
      },
    ]);
  });

  it('G10: markup the account may not use is refused before any card, naming the field', async () => {
    const { world, records } = await oneTurn(
      {
        checkFormats: () =>
          Promise.resolve({
            ok: false,
            fields: ['title'],
            message: 'title: <script> is not allowed.',
          }),
      },
      toolUse('wp_update_post', { id: 1, title: '<script>x</script>' }),
    );
    expect(world.eventsOf('approval')).toEqual([]);
    expect(records).toMatchObject([
      { status: 'refused', error: { code: 'format' }, outcome: 'title: <script> is not allowed.' },
    ]);
  });

  it('G11: a managed deny beats an admin allow', async () => {
    const { world, records } = await oneTurn(
      { managed: { wp_get_post: { mode: 'deny' } }, admin: { wp_get_post: { mode: 'allow' } } },
      toolUse('wp_get_post', { id: 1 }),
    );
    expect(world.cms.executions).toEqual([]);
    expect(records).toMatchObject([{ status: 'refused', mode: 'deny' }]);
  });

  it('R4, A1: each record carries the call, its hash, mode, classification, position and the reasoning', async () => {
    const { threadId, records } = await oneTurn(
      {},
      thinking('Read it first, then rename.'),
      toolUse('wp_get_post', { id: 1 }),
      toolUse('wp_update_post', { id: 1, title: 'New' }),
    );
    expect(records).toMatchObject([
      {
        threadId,
        owner: OWNER,
        tool: 'wp_get_post',
        position: 0,
        mode: 'allow',
        classification: { kind: 'read' },
      },
      {
        tool: 'wp_update_post',
        input: { id: 1, title: 'New' },
        position: 1,
        status: 'pending',
        classification: { kind: 'write', destructive: false, draft: false },
        payloadHash: await payloadHash('wp_update_post', { id: 1, title: 'New' }),
      },
    ]);
    expect(records.map((r) => r.reasoning)).toEqual([
      'Read it first, then rename.',
      'Read it first, then rename.',
    ]);
  });

  it('R6, S2: a result with words by others marks the thread untrusted; rules stop approving', async () => {
    const rule = { '==': [{ var: 'facts.entity.status' }, 'draft'] };
    const { world, result } = await oneTurn(
      { admin: { wp_update_post: { mode: 'ask', rule } } },
      toolUse('wp_list_comments', { id: 1 }),
      toolUse('wp_update_post', { id: 2, title: 'From a comment' }),
    );
    expect(result.state.untrusted).toBe(true);
    expect(awaiting(result).reason).toMatch(/others may have written/);
    expect(world.eventsOf('notice').map((n) => n.code)).toContain('thread-untrusted');
  });
});
