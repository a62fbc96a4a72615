import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { AnyTool } from '../../../src/tools/tool';
import { updatePostTool } from './support/fake-cms';
import { replacePostTool } from './support/fake-tools';
import type { AmendInput, ApprovalRequest } from '../../../src/run';
import { awaiting, decisionFor, newThread, toolResults } from './support/flow';
import { reply, text, toolUse } from './support/scripted-model';
import { OWNER, World, type WorldOptions } from './support/world';

/** Issue 36 item 2: approve with edits, on the real run loop over the fake CMS. */

async function suspended(options: WorldOptions = {}) {
  const world = new World(options);
  const worker = world.worker();
  const threadId = await newThread(worker);
  const call = toolUse('wp_update_post', { id: 1, title: 'Ten tips for better titels' });
  world.model.script.push(reply(call), reply(text('Done.')));
  const card = awaiting(await worker.runs.send(threadId, 'Retitle post 1', OWNER));
  const toolUseId = call.type === 'tool_use' ? call.id : '';
  return { world, worker, threadId, card, toolUseId };
}

function edit(card: ApprovalRequest, fields: Record<string, string> | null): AmendInput {
  return {
    recordId: card.recordId,
    payloadHash: card.payloadHash,
    targetModified: card.targetModified,
    decidedBy: OWNER,
    fields,
  };
}

describe('approve with edits (issue 36, G5-G7, G13)', () => {
  it('the edited card has its own hash; approving it runs the person’s version and the audit keeps both', async () => {
    const { world, worker, threadId, card, toolUseId } = await suspended();
    expect(card.editable).toEqual(['title']);
    const out = await worker.runs.amend(
      threadId,
      edit(card, { title: 'Ten tips for better titles' }),
    );
    expect(out.kind).toBe('amended');
    if (out.kind !== 'amended') return;
    const fresh = out.approval;
    expect(fresh.payloadHash).not.toBe(card.payloadHash);
    expect(fresh.input).toEqual({ id: 1, title: 'Ten tips for better titles' });
    expect(fresh.edited).toEqual({
      fields: ['title'],
      proposed: { title: 'Ten tips for better titels' },
      dropped: [],
    });
    expect(world.cms.executions).toEqual([]); // an edit never runs anything

    await worker.runs.decide(threadId, decisionFor(fresh));
    expect(world.cms.executions).toEqual([
      { tool: 'wp_update_post', input: { id: 1, title: 'Ten tips for better titles' } },
    ]);
    const [record] = await world.records(threadId);
    expect(record).toMatchObject({
      status: 'run',
      input: { id: 1, title: 'Ten tips for better titels' },
      payloadHash: card.payloadHash,
      approvedEdit: {
        input: { id: 1, title: 'Ten tips for better titles' },
        payloadHash: fresh.payloadHash,
        fields: ['title'],
      },
    });
    const told = (await toolResults(worker, threadId)).get(toolUseId)?.content ?? '';
    expect(told).toContain('The person edited your proposal before approving it');
    expect(told).toContain(
      '"title":{"youProposed":"Ten tips for better titels","personApproved":"Ten tips for better titles"}',
    );
  });

  it('G7: a decision carrying the card from before the edit is refused and nothing runs', async () => {
    const { world, worker, threadId, card } = await suspended();
    await worker.runs.amend(threadId, edit(card, { title: 'Mine' }));
    const old = await worker.runs.decide(threadId, decisionFor(card));
    expect(old.decision).toMatchObject({ kind: 'refused', error: { code: 'decision-wrong-hash' } });
    expect(world.cms.executions).toEqual([]);
  });

  it('T5: a version the tool refuses is not taken; the card and its hash stay as they were', async () => {
    const { world, worker, threadId, card } = await suspended();
    const out = await worker.runs.amend(threadId, edit(card, { title: '' }));
    expect(out).toMatchObject({ kind: 'refused', error: { code: 'decision-edit-refused' } });
    if (out.kind === 'refused') expect(out.error.message).toMatch(/title/);
    const now = await worker.runs.approval(threadId);
    expect(now?.payloadHash).toBe(card.payloadHash);
    expect(now?.edited).toBeUndefined();
    await worker.runs.decide(threadId, decisionFor(card));
    expect(world.cms.executions).toEqual([
      { tool: 'wp_update_post', input: { id: 1, title: 'Ten tips for better titels' } },
    ]);
    expect((await world.records(threadId))[0]?.approvedEdit).toBeUndefined();
  });

  it('only the text fields the card offers can be edited (not the entity it names)', async () => {
    const { worker, threadId, card } = await suspended();
    const out = await worker.runs.amend(threadId, {
      ...edit(card, null),
      fields: { id: '2' } as Record<string, string>,
    });
    expect(out).toMatchObject({ kind: 'refused', error: { code: 'decision-edit-refused' } });
    expect((await worker.runs.approval(threadId))?.input).toEqual({
      id: 1,
      title: 'Ten tips for better titels',
    });
  });

  it('G5: a version the person may not write is refused like a proposal would be', async () => {
    const locked = new Set<number>();
    const { worker, threadId, card } = await suspended({ toolOptions: { locked } });
    locked.add(1);
    const out = await worker.runs.amend(threadId, edit(card, { title: 'Mine' }));
    expect(out).toMatchObject({ kind: 'refused', error: { code: 'decision-edit-refused' } });
    if (out.kind === 'refused') expect(out.error.message).toContain('you may not edit post 1');
  });

  it('undoing the edits offers the model’s proposal again, with its own hash, and records no edit', async () => {
    const { world, worker, threadId, card } = await suspended();
    const edited = await worker.runs.amend(threadId, edit(card, { title: 'Mine' }));
    if (edited.kind !== 'amended') throw new Error('not amended');
    const back = await worker.runs.amend(threadId, edit(edited.approval, null));
    if (back.kind !== 'amended') throw new Error('not amended');
    expect(back.approval.payloadHash).toBe(card.payloadHash);
    expect(back.approval.edited).toBeUndefined();
    await worker.runs.decide(threadId, decisionFor(back.approval));
    const [record] = await world.records(threadId);
    expect(record?.status).toBe('run');
    expect(record?.approvedEdit).toBeUndefined();
  });

  it('an edit from another person is refused (G7)', async () => {
    const { worker, threadId, card } = await suspended();
    const out = await worker.runs.amend(threadId, {
      ...edit(card, { title: 'Theirs' }),
      decidedBy: { userId: '8', siteOrigin: OWNER.siteOrigin },
    });
    expect(out).toMatchObject({ kind: 'refused', error: { code: 'decision-wrong-owner' } });
  });

  it('a rejected edited call tells the model only the rejection', async () => {
    const { worker, threadId, card, toolUseId } = await suspended();
    const edited = await worker.runs.amend(threadId, edit(card, { title: 'Mine' }));
    if (edited.kind !== 'amended') throw new Error('not amended');
    await worker.runs.decide(threadId, decisionFor(edited.approval, { approve: false }));
    const told = (await toolResults(worker, threadId)).get(toolUseId)?.content ?? '';
    expect(told).toBe('Tool call rejected by user.');
  });
});

describe('field by field (issue 36 item 3, G9)', () => {
  /** A patch write of two independent fields, and a whole-state write of the same. */
  function twoFieldTools(world: World) {
    world.options.tools = (cms) => {
      const base = updatePostTool(cms);
      const patch: AnyTool = {
        ...base,
        input: z.strictObject({
          id: z.number().describe('Id.'),
          title: z.string().min(1).optional().describe('Title.'),
          excerpt: z.string().optional().describe('Excerpt.'),
        }),
        classification: {
          kind: 'write',
          destructive: false,
          changes: { entity: ['id'], values: ['title', 'excerpt'] },
        },
        execute: (_ctx, input: { id: number }) => {
          cms.executions.push({ tool: 'wp_update_post', input });
          return Promise.resolve({ summary: 'Updated.', data: null });
        },
      };
      const whole: AnyTool = {
        ...replacePostTool(cms),
        classification: {
          kind: 'write',
          destructive: false,
          whole: true,
          changes: { entity: ['id'], values: ['title', 'excerpt'] },
        },
      };
      return [patch, whole];
    };
  }

  async function twoFields(tool = 'wp_update_post') {
    const world = new World();
    twoFieldTools(world);
    const worker = world.worker();
    const threadId = await newThread(worker);
    const call = toolUse(tool, { id: 1, title: 'New title', excerpt: 'New excerpt' });
    world.model.script.push(reply(call), reply(text('Done.')));
    const card = awaiting(await worker.runs.send(threadId, 'Change both', OWNER));
    return { world, worker, threadId, card, toolUseId: call.type === 'tool_use' ? call.id : '' };
  }

  it('an unchecked field is left as it is: the call runs with the rest, and the model is told which', async () => {
    const { world, worker, threadId, card, toolUseId } = await twoFields();
    expect(card.droppable).toEqual(['title', 'excerpt']);
    const out = await worker.runs.amend(threadId, { ...edit(card, {}), drop: ['excerpt'] });
    if (out.kind !== 'amended') throw new Error(`not amended: ${JSON.stringify(out)}`);
    expect(out.approval.input).toEqual({ id: 1, title: 'New title' });
    expect(out.approval.edited).toMatchObject({ fields: ['excerpt'], dropped: ['excerpt'] });
    await worker.runs.decide(threadId, decisionFor(out.approval));
    expect(world.cms.executions).toEqual([
      { tool: 'wp_update_post', input: { id: 1, title: 'New title' } },
    ]);
    expect((await world.records(threadId))[0]?.approvedEdit).toMatchObject({
      input: { id: 1, title: 'New title' },
      fields: ['excerpt'],
    });
    const told = (await toolResults(worker, threadId)).get(toolUseId)?.content ?? '';
    expect(told).toContain('"excerpt":{"youProposed":"New excerpt","personLeftItAsItIs":true}');
  });

  it('a field taken back is applied again; the last field left cannot be dropped (that is a rejection)', async () => {
    const { worker, threadId, card } = await twoFields();
    const dropped = await worker.runs.amend(threadId, { ...edit(card, {}), drop: ['excerpt'] });
    if (dropped.kind !== 'amended') throw new Error('not amended');
    const none = await worker.runs.amend(threadId, {
      ...edit(dropped.approval, {}),
      drop: ['title'],
    });
    expect(none).toMatchObject({ kind: 'refused', error: { code: 'decision-edit-refused' } });
    const back = await worker.runs.amend(threadId, {
      ...edit(dropped.approval, {}),
      restore: ['excerpt'],
    });
    if (back.kind !== 'amended') throw new Error('not amended');
    expect(back.approval.input).toEqual({ id: 1, title: 'New title', excerpt: 'New excerpt' });
    expect(back.approval.payloadHash).toBe(card.payloadHash);
    expect(back.approval.edited).toBeUndefined();
  });

  it('an edit and a drop together: both are kept, a later edit does not undo an earlier one', async () => {
    const { worker, threadId, card } = await twoFields();
    const first = await worker.runs.amend(threadId, edit(card, { title: 'My title' }));
    if (first.kind !== 'amended') throw new Error('not amended');
    const second = await worker.runs.amend(threadId, {
      ...edit(first.approval, { excerpt: 'My excerpt' }),
    });
    if (second.kind !== 'amended') throw new Error('not amended');
    expect(second.approval.input).toEqual({ id: 1, title: 'My title', excerpt: 'My excerpt' });
    expect(second.approval.edited?.fields).toEqual(['title', 'excerpt']);
  });

  it('G9: a whole-state write offers no field to leave out', async () => {
    const { worker, threadId, card } = await twoFields('wp_replace_post');
    expect(card.droppable).toEqual([]);
    const out = await worker.runs.amend(threadId, { ...edit(card, {}), drop: ['excerpt'] });
    expect(out).toMatchObject({ kind: 'refused', error: { code: 'decision-edit-refused' } });
  });
});
