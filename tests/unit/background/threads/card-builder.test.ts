// Issue 35 item 2: the approval card of a content write is built once, in the gate pass
// that offers the call, from that pass's read; the card the panel shows is that card.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApprovalCard } from '../../../../src/background/threads/card-builder';
import type { ApprovalRequest } from '../../../../src/run';
import type { AnyTool, ToolContext } from '../../../../src/tools/tool';
import { createRegistry } from '../../../../src/tools/registry';
import { awaiting, newThread } from '../../run/support/flow';
import { reply, toolUse } from '../../run/support/scripted-model';
import { OWNER, USER, World } from '../../run/support/world';
import { adapterWith } from '../../support/adapter-with';

/** A post title on a site in memory; counts how often the tool read it and built a card. */
function renameTool() {
  const site = { title: 'Old title', reads: 0, cards: 0, card: undefined as unknown };
  const tool: AnyTool = {
    name: 'wp_rename',
    label: 'Rename',
    description: 'Rename a post.',
    cardDescription: 'Renames a post.',
    input: z.strictObject({
      id: z.number().int().describe('The post id.'),
      title: z.string().describe('The new title.'),
    }),
    classification: { kind: 'write', destructive: false },
    readTarget: () => {
      site.reads += 1;
      return Promise.resolve({ title: site.title });
    },
    access: () => Promise.resolve({ ok: true }),
    execute: () => Promise.resolve({ summary: 'Renamed.', data: null }),
    preview: async (ctx, input: { title: string }, target?: { title: string }) => {
      const now = target ?? { title: site.title, read: (site.reads += 1) };
      return [`Title: ${now.title} → ${input.title}`];
    },
    card: async (ctx, input: { id: number; title: string }, target?: { title: string }) => {
      site.cards += 1;
      if (site.card !== undefined) return site.card as never;
      const now = target ?? { title: site.title, read: (site.reads += 1) };
      return {
        entity: { ref: { type: 'post', id: input.id }, typeLabel: 'Post', title: now.title },
        fields: [
          {
            key: 'title',
            label: 'Title',
            format: 'text' as const,
            current: { raw: now.title },
            proposed: input.title,
          },
        ],
        lands: 'draft' as const,
      };
    },
  };
  return { site, tool };
}

const adapter = adapterWith({
  describeMediaArgs: () => Promise.resolve({}),
  editorNotice: () => Promise.resolve(null),
});

const ctx: ToolContext = { user: USER, threadId: 't', cms: {} };

async function offered(tool: AnyTool): Promise<ApprovalRequest> {
  const world = new World({ tools: () => [tool], admin: { wp_rename: { mode: 'ask' } } });
  const worker = world.worker();
  const threadId = await newThread(worker);
  world.model.script.push(reply(toolUse('wp_rename', { id: 3, title: 'New title' })));
  return awaiting(await worker.runs.send(threadId, 'Rename post 3.', OWNER));
}

describe('the approval card is built once, in the gate pass (issue 35 item 2, C1)', () => {
  it('shows the change from the pass’s one read, without asking the site again', async () => {
    const { site, tool } = renameTool();
    const request = await offered(tool);
    expect(site).toMatchObject({ reads: 1, cards: 1 });
    const card = await buildApprovalCard(request, ctx, adapter, createRegistry([tool]));
    expect(card.layout).toBe('content');
    expect(card.fields).toEqual([
      expect.objectContaining({ key: 'title', current: 'Old title', proposed: 'New title' }),
    ]);
    expect(card.preview.lines).toEqual(['Title: Old title → New title']);
    expect(site).toMatchObject({ reads: 1, cards: 1 });
  });

  it('a call saved before cards were kept still shows its change, read afresh', async () => {
    const { site, tool } = renameTool();
    const request = await offered(tool);
    delete request.preview?.card;
    site.title = 'Renamed elsewhere';
    const card = await buildApprovalCard(request, ctx, adapter, createRegistry([tool]));
    expect(card.fields).toEqual([
      expect.objectContaining({ current: 'Renamed elsewhere', proposed: 'New title' }),
    ]);
    expect(site.reads).toBe(2);
  });

  it('card data that does not validate is never kept or shown: the arguments are', async () => {
    const { site, tool } = renameTool();
    site.card = { entity: { title: 'x' }, fields: 'all of them', lands: 'soon' };
    const request = await offered(tool);
    expect(request.preview?.lines).toEqual(['Title: Old title → New title']);
    expect(request.preview).not.toHaveProperty('card');
    const card = await buildApprovalCard(request, ctx, adapter, createRegistry([tool]));
    expect(card.layout).toBe('args');
    expect(card.args).toEqual([
      { key: 'id', value: 3 },
      { key: 'title', value: 'New title' },
    ]);
  });
});
