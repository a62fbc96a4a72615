// Issue 15 item 3: a tool's summary goes to the model, its structured data to the panel;
// nothing is parsed back from the text the model reads. Before, a summary with a blank
// line cut the text apart in the wrong place: the panel lost the search links and the
// result card lost what the open editor said.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { AnyTool } from '../../../src/tools/tool';
import { block, startModelServer, turn, type ModelServer } from '../../support/model-server';
import { updatePostTool, type FakeCms } from '../run/support/fake-cms';
import { ServiceWorld } from './support/service-world';

let model: ModelServer;
beforeAll(async () => {
  model = await startModelServer();
});
afterAll(() => model.close());

const EDITOR_SAID = 'The open editor shows the new title.\n\nSave it there to keep it.';

/** The fake update tool, whose summary says (over a blank line) what the open editor did. */
function updateWithEditor(cms: FakeCms): AnyTool {
  const tool = updatePostTool(cms);
  const execute = tool.execute.bind(tool);
  tool.execute = async (ctx, input: { id: number; title: string }) => {
    await execute(ctx, input);
    const editor = { state: 'updated' as const, message: EDITOR_SAID, differs: [] };
    return {
      summary: `Updated post ${input.id}. ${EDITOR_SAID}`,
      data: { id: input.id, type: 'post', editor },
      display: { entity: { type: 'post', id: input.id }, editor },
    };
  };
  return tool;
}

/** A search whose summary repeats the person's words, blank lines and all (R3). */
function search(cms: FakeCms): AnyTool {
  return {
    name: 'wp_search_content',
    label: 'Search content',
    description: 'Search.',
    cardDescription: 'Searches the site’s content.',
    input: z.strictObject({ query: z.string().min(1).describe('Words to look for.') }),
    classification: { kind: 'read', destructive: false },
    access: () => Promise.resolve({ ok: true }),
    execute: (_ctx, input: { query: string }) => {
      const posts = [...cms.posts.values()];
      return Promise.resolve({
        summary: `Found ${posts.length} entries for "${input.query}".`,
        data: posts.map((p) => ({ id: p.id, type: 'post', title: p.title, status: p.status })),
        display: {
          links: posts.map((p) => ({
            label: p.title,
            detail: `post · ${p.status} · #${p.id}`,
            href: `notes/${p.id}/edit`,
          })),
        },
      });
    },
  };
}

describe('structured tool results (issue 15 item 3)', () => {
  it('search links survive a summary with a blank line (R3)', async () => {
    const world = await ServiceWorld.create(model.url, { apiKey: false });
    world.tools = (cms) => [search(cms)];
    await world.openTab(1);
    const panel = world.panel(world.worker());
    await panel.send({ type: 'thread-open', tabId: 1, fresh: true });
    const threadId = panel.view()!.threadId;
    await panel.send({ type: 'message-send', threadId, text: 'hello\n\nworld' });
    const links = panel.view()!.items.find((i) => i.kind === 'links');
    expect(links).toMatchObject({
      kind: 'links',
      title: 'Found 2 entries for "hello\n\nworld".',
      links: [
        { label: 'Hello', detail: 'post · publish · #1', href: 'notes/1/edit' },
        { label: 'Draft', detail: 'post · draft · #2', href: 'notes/2/edit' },
      ],
    });
  });

  it('the result card keeps what the open editor said over a blank line (E1, C5)', async () => {
    const world = await ServiceWorld.create(model.url);
    world.tools = (cms) => [updateWithEditor(cms)];
    model.setScript([
      turn.reply([block.toolUse('wp_update_post', { id: 1, title: 'New' }, 'toolu_1')]),
      turn.text('Renamed.', { match: { toolResultFor: 'toolu_1' } }),
    ]);
    await world.openTab(1);
    const panel = world.panel(world.worker());
    await panel.send({ type: 'thread-open', tabId: 1, fresh: true });
    const threadId = panel.view()!.threadId;
    await panel.send({ type: 'message-send', threadId, text: 'Rename post 1' });
    const asked = panel.view()!.items.find((i) => i.kind === 'approval');
    if (asked?.kind !== 'approval') throw new Error('no card');
    const { recordId, payloadHash, targetModified } = asked.card;
    await panel.send({
      type: 'decision',
      threadId,
      tabId: 1,
      recordId,
      payloadHash,
      targetModified: targetModified ?? null,
      approve: true,
    });
    const view = panel.view()!;
    const result = view.items.find((i) => i.kind === 'result');
    expect(result).toMatchObject({
      kind: 'result',
      card: { entity: { id: 1 }, editor: { state: 'updated', message: EDITOR_SAID } },
    });
    const row = view.items.find((i) => i.kind === 'tool' && i.id === recordId);
    expect(row).toMatchObject({
      status: 'run',
      summary: 'Updated post 1. The open editor shows the new title.',
    });
  });
});
