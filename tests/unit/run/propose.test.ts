import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { AnyTool } from '../../../src/tools/tool';
import { getPostTool } from './support/fake-tools';
import { updatePostTool, type FakeCms } from './support/fake-cms';
import { awaiting, decisionFor, newThread } from './support/flow';
import { reply, text, toolUse } from './support/scripted-model';
import { OWNER, World } from './support/world';

const UNDO = {
  entity: { type: 'post', id: 1 },
  before: { status: 'publish', fields: { title: 'Hello' } },
  after: { status: 'publish', modified: 'm1', fields: { title: 'New' } },
};

/** A person-only restore of a post title, as Undo proposes it (E4). */
function restoreTool(cms: FakeCms): AnyTool {
  return {
    name: 'wp_restore_post',
    label: 'Undo a change',
    description: 'Restore a title.',
    cardDescription: 'Puts a title back.',
    input: z.strictObject({
      id: z.number().int().describe('The post id.'),
      title: z.string().describe('The title to put back.'),
      undoes: z.string().describe('The record undone.'),
    }),
    classification: { kind: 'write', destructive: false },
    personOnly: true,
    personNote: 'used Undo in the panel to put back an earlier state',
    access: () => Promise.resolve({ ok: true }),
    execute: (_ctx, input: { id: number; title: string }) => {
      cms.executions.push({ tool: 'wp_restore_post', input });
      cms.mustGet(input.id).title = input.title;
      return Promise.resolve({ summary: 'Restored.', data: null });
    },
  };
}

/** A person-only publish of a draft, as a result card's Publish proposes it (U2). */
function publishTool(cms: FakeCms): AnyTool {
  return {
    name: 'wp_publish_post',
    label: 'Publish',
    description: 'Publish a draft.',
    cardDescription: 'Publishes this draft.',
    input: z.strictObject({
      id: z.number().int().describe('The post id.'),
      from: z.string().describe('The write whose card offered Publish.'),
    }),
    classification: { kind: 'write', destructive: false },
    personOnly: true,
    facts: (_ctx, input: { id: number }) => {
      const post = cms.mustGet(input.id);
      return Promise.resolve({
        entity: { id: post.id, status: post.status, modified: post.modified },
      });
    },
    access: () => Promise.resolve({ ok: true }),
    execute: (_ctx, input: { id: number }) => {
      cms.executions.push({ tool: 'wp_publish_post', input });
      cms.mustGet(input.id).status = 'publish';
      return Promise.resolve({ summary: 'Published.', data: null });
    },
  };
}

function world(undo: unknown = UNDO) {
  return new World({
    tools: (cms) => {
      const update = updatePostTool(cms);
      const execute = update.execute.bind(update);
      update.execute = async (ctx, input) => ({ ...(await execute(ctx, input)), undo });
      return [getPostTool(cms), update, restoreTool(cms), publishTool(cms)];
    },
  });
}

describe('a person’s call (E4 Undo) through the run loop', () => {
  it('passes the gate: it asks, runs once when approved, records transport command, and never asks the model', async () => {
    const w = world();
    const worker = w.worker();
    const threadId = await newThread(worker);
    w.model.script.push(reply(toolUse('wp_get_post', { id: 1 })), reply(text('It reads Hello.')));
    await worker.runs.send(threadId, 'What is the title?', OWNER);
    const transcript = (await worker.runs.state(threadId)).transcript;
    const call = { tool: 'wp_restore_post', input: { id: 1, title: 'Before', undoes: 'r-1' } };
    const asked = awaiting(await worker.runs.propose(threadId, call, OWNER));
    expect(asked.tool).toBe('wp_restore_post');
    expect(w.cms.count('wp_restore_post')).toBe(0);
    const pending = (await w.records(threadId)).find((r) => r.tool === 'wp_restore_post');
    expect(pending).toMatchObject({ status: 'pending', transport: 'command', input: call.input });

    const { decision, next } = await worker.runs.decide(threadId, decisionFor(asked));
    expect(decision.kind).toBe('decided');
    expect(next?.kind).toBe('final');
    expect(w.cms.count('wp_restore_post')).toBe(1);
    expect(w.cms.mustGet(1).title).toBe('Before');
    const records = await w.records(threadId);
    expect(records.find((r) => r.tool === 'wp_restore_post')).toMatchObject({
      status: 'run',
      transport: 'command',
    });
    expect(w.model.requests).toHaveLength(2);
    expect((await worker.runs.state(threadId)).transcript).toEqual(transcript);
  });

  it('tells the model of an Undo that ran with the person’s next message; a later edit still finds the person’s own text', async () => {
    const w = world();
    const worker = w.worker();
    const threadId = await newThread(worker);
    w.model.script.push(reply(text('Hello.')), reply(text('Noted.')), reply(text('Edited.')));
    await worker.runs.send(threadId, 'Hi', OWNER);
    const call = { tool: 'wp_restore_post', input: { id: 1, title: 'Before', undoes: 'r-1' } };
    const asked = awaiting(await worker.runs.propose(threadId, call, OWNER));
    await worker.runs.decide(threadId, decisionFor(asked));
    expect(w.model.requests).toHaveLength(1);
    expect((await worker.runs.state(threadId)).modelNotes).toHaveLength(1);

    await worker.runs.send(threadId, 'What now?', OWNER);
    const told = JSON.stringify(w.model.requests.at(-1)?.messages.at(-1));
    expect(told).toContain('The person used Undo in the panel');
    expect(told).toContain('wp_restore_post');
    expect(told).toContain('Restored.');
    expect(told.indexOf('Undo')).toBeLessThan(told.indexOf('What now?'));
    expect((await worker.runs.state(threadId)).modelNotes).toBeUndefined();

    // The person's second message is index 1, the note does not count as one of theirs.
    await worker.runs.edit(threadId, 1, 'What now, really?', OWNER);
    const edited = JSON.stringify(w.model.requests.at(-1)?.messages.at(-1));
    expect(edited).toContain('What now, really?');
    expect(edited).not.toContain('"What now?"');
    // The note stays: it says what happened before the edited message.
    expect(edited).toContain('The person used Undo in the panel');
  });

  it('U1, U2, G2, G13: a Publish bound to the draft as reviewed asks first; a draft saved since is shown again, not published', async () => {
    const w = world();
    const worker = w.worker();
    const threadId = await newThread(worker);
    const reviewed = w.cms.mustGet(2).modified;
    const call = { tool: 'wp_publish_post', input: { id: 2, from: 'r-1' } };
    // Someone saves the draft after the person reviewed it on the result card.
    w.cms.editElsewhere(2, 'Changed after review');
    const asked = awaiting(
      await worker.runs.propose(threadId, { ...call, reviewedModified: reviewed }, OWNER),
    );
    expect(asked.reason).toMatch(/go live/);
    expect(asked.targetModified).toBe(reviewed);
    const first = await worker.runs.decide(threadId, decisionFor(asked));
    expect(first.decision.kind).toBe('target-changed');
    expect(w.cms.count('wp_publish_post')).toBe(0);
    expect(w.cms.mustGet(2).status).toBe('draft');
    if (first.decision.kind !== 'target-changed') throw new Error('not refreshed');
    // The refreshed card is the draft as it is now: approving it publishes (never dead-ended).
    const again = await worker.runs.decide(threadId, decisionFor(first.decision.approval));
    expect(again.decision.kind).toBe('decided');
    expect(w.cms.count('wp_publish_post')).toBe(1);
    expect(w.cms.mustGet(2).status).toBe('publish');
    expect((await w.records(threadId)).find((r) => r.tool === 'wp_publish_post')).toMatchObject({
      status: 'run',
      transport: 'command',
    });
    // The model did not make the call: it hears of it with the person's next message.
    w.model.script.push(reply(text('It is live.')));
    await worker.runs.send(threadId, 'And now?', OWNER);
    expect(JSON.stringify(w.model.requests.at(-1)?.messages.at(-1))).toContain(
      'The person used the panel: they approved wp_publish_post. Published.',
    );
  });

  it('is refused while a call waits, and for anyone but the owner', async () => {
    const w = world();
    const worker = w.worker();
    const threadId = await newThread(worker);
    const call = { tool: 'wp_restore_post', input: { id: 1, title: 'Before', undoes: 'r-1' } };
    await expect(
      worker.runs.propose(threadId, call, { ...OWNER, userId: '8' }),
    ).rejects.toMatchObject({ code: 'thread-not-owner' });
    awaiting(await worker.runs.propose(threadId, call, OWNER));
    await expect(worker.runs.propose(threadId, call, OWNER)).rejects.toMatchObject({
      code: 'thread-call-pending',
    });
  });

  it('a person-only tool is never offered to the model, and a model call to it is refused as unknown', async () => {
    const w = world();
    const worker = w.worker();
    const threadId = await newThread(worker);
    w.model.script.push(
      reply(toolUse('wp_restore_post', { id: 1, title: 'Sneaky', undoes: 'x' })),
      reply(text('Ok.')),
    );
    await worker.runs.send(threadId, 'Undo it yourself.', OWNER);
    expect(w.model.requests[0]?.tools.map((t) => t.name)).not.toContain('wp_restore_post');
    expect(w.cms.count('wp_restore_post')).toBe(0);
    expect((await w.records(threadId))[0]).toMatchObject({
      tool: 'wp_restore_post',
      status: 'refused',
      error: { code: 'unknown-tool' },
    });
  });

  it('keeps a write’s before-state on its record; one that does not validate is left out, and the write still counts as run', async () => {
    for (const [undo, kept] of [
      [UNDO, true],
      [{ entity: { id: 'not a number' } }, false],
    ] as const) {
      const w = world(undo);
      const worker = w.worker();
      const threadId = await newThread(worker);
      w.model.script.push(
        reply(toolUse('wp_update_post', { id: 1, title: 'New' })),
        reply(text('Done.')),
      );
      const asked = awaiting(await worker.runs.send(threadId, 'Retitle.', OWNER));
      await worker.runs.decide(threadId, decisionFor(asked));
      const [record] = await w.records(threadId);
      expect(record?.status).toBe('run');
      expect(record?.undo).toEqual(kept ? UNDO : undefined);
    }
  });
});
