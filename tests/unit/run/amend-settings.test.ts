import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { AnyTool } from '../../../src/tools/tool';
import type { FakeCms } from './support/fake-cms';
import { awaiting, decisionFor, newThread, toolResults } from './support/flow';
import { reply, text, toolUse } from './support/scripted-model';
import { OWNER, World } from './support/world';

/**
 * Issue 36 items 2 and 3 on a configuration write (C2): a setting's text can be edited and a
 * setting left as it is, like a post's fields, on the real run loop over the fake CMS.
 */

const SITE: Record<string, unknown> = { blogdescription: 'Just another site', posts_per_page: 10 };

/** A settings write shaped like wp_update_settings: flat keys, a YAML diff per key. */
function settingsTool(cms: FakeCms, stored: Record<string, unknown>): AnyTool {
  return {
    name: 'wp_update_settings',
    label: 'Change site settings',
    description: 'Change site settings.',
    cardDescription: 'Changes site settings.',
    input: z
      .strictObject({
        blogdescription: z.string().max(40).optional().describe('The tagline.'),
        posts_per_page: z.number().int().min(1).optional().describe('Posts per page.'),
      })
      .refine((value) => Object.keys(value).length > 0, 'name at least one setting'),
    classification: {
      kind: 'write',
      destructive: false,
      changes: { entity: [], values: ['blogdescription', 'posts_per_page'] },
    },
    access: () => Promise.resolve({ ok: true }),
    proposeConfig: (_ctx, value: Record<string, unknown>) =>
      Promise.resolve(
        Object.entries(value).map(([key, proposed]) => ({ key, current: stored[key], proposed })),
      ),
    execute: (_ctx, input: Record<string, unknown>) => {
      cms.executions.push({ tool: 'wp_update_settings', input });
      Object.assign(stored, input);
      return Promise.resolve({ summary: 'Changed.', data: input });
    },
  };
}

async function proposed() {
  const stored = { ...SITE };
  const world = new World({ tools: (cms) => [settingsTool(cms, stored)] });
  const worker = world.worker();
  const threadId = await newThread(worker);
  const call = toolUse('wp_update_settings', {
    blogdescription: 'Fresh newz daily',
    posts_per_page: 12,
  });
  world.model.script.push(reply(call), reply(text('Done.')));
  const card = awaiting(await worker.runs.send(threadId, 'Tagline and 12 per page', OWNER));
  return { world, worker, threadId, card, stored, id: call.type === 'tool_use' ? call.id : '' };
}

const bound = (card: ReturnType<typeof awaiting>) => ({
  recordId: card.recordId,
  payloadHash: card.payloadHash,
  targetModified: card.targetModified,
  decidedBy: OWNER,
});

describe('a settings card: edit a value, leave a setting as it is (issue 36, C2)', () => {
  it('offers the text setting for editing and every setting to leave out', async () => {
    const { card } = await proposed();
    expect(card.editable).toEqual(['blogdescription']);
    expect(card.droppable).toEqual(['blogdescription', 'posts_per_page']);
  });

  it('the person fixes the tagline and leaves posts per page: only their tagline is written, the model is told both', async () => {
    const { world, worker, threadId, card, stored, id } = await proposed();
    const edited = await worker.runs.amend(threadId, {
      ...bound(card),
      fields: { blogdescription: 'Fresh news daily' },
    });
    if (edited.kind !== 'amended') throw new Error(`not amended: ${edited.kind}`);
    const dropped = await worker.runs.amend(threadId, {
      ...bound(edited.approval),
      fields: {},
      drop: ['posts_per_page'],
    });
    if (dropped.kind !== 'amended') throw new Error(`not amended: ${dropped.kind}`);
    expect(dropped.approval.input).toEqual({ blogdescription: 'Fresh news daily' });
    expect(dropped.approval.payloadHash).not.toBe(card.payloadHash);
    expect(world.cms.executions).toEqual([]);

    await worker.runs.decide(threadId, decisionFor(dropped.approval));
    expect(world.cms.executions).toEqual([
      { tool: 'wp_update_settings', input: { blogdescription: 'Fresh news daily' } },
    ]);
    expect(stored).toEqual({ blogdescription: 'Fresh news daily', posts_per_page: 10 });
    const told = (await toolResults(worker, threadId)).get(id)?.content ?? '';
    expect(told).toContain('Fresh news daily');
    expect(told).toContain('posts_per_page');
  });

  it('a version the setting refuses (too long) is not taken; the card stays as it was', async () => {
    const { world, worker, threadId, card } = await proposed();
    const out = await worker.runs.amend(threadId, {
      ...bound(card),
      fields: { blogdescription: 'x'.repeat(41) },
    });
    expect(out.kind).toBe('refused');
    await worker.runs.decide(threadId, decisionFor(card));
    expect(world.cms.executions).toEqual([
      {
        tool: 'wp_update_settings',
        input: { blogdescription: 'Fresh newz daily', posts_per_page: 12 },
      },
    ]);
  });

  it('a number setting cannot be edited as text', async () => {
    const { worker, threadId, card } = await proposed();
    const out = await worker.runs.amend(threadId, {
      ...bound(card),
      fields: { posts_per_page: '12; DROP' },
    });
    expect(out.kind).toBe('refused');
  });
});
