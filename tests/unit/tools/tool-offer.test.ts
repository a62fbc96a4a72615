// Issue 34 item 2: a site with hundreds of abilities must not flood the model. Above the
// threshold a model turn is offered the WordPress tools, a look-up, and only the abilities the
// thread made relevant: those the person's words name, those a look-up found (from the next
// request on), those already called. The set comes from the stored transcript, so a worker
// stopped between the look-up and the next request offers the same when it resumes.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SiteTools } from '../../../src/background/site-tools';
import { toAbility, type Ability } from '../../../src/cms/wordpress/abilities/discover';
import { abilityTools } from '../../../src/cms/wordpress/abilities/ability-tool';
import { createRegistry, type ToolRegistry } from '../../../src/tools/registry';
import { LOOKUP_TOOL, OFFER_ALL_UP_TO, offeredDefinitions } from '../../../src/tools/tool-offer';
import { newThread } from '../run/support/flow';
import { reply, text, toolUse } from '../run/support/scripted-model';
import { OWNER, World } from '../run/support/world';
import type { AnyTool } from '../../../src/tools/tool';

function ability(name: string, label: string, category: string, readonly: boolean): Ability {
  const parsed = toAbility({
    name,
    label,
    description: `${label}.`,
    category,
    input_schema: { type: 'object', properties: { id: { type: 'integer', minimum: 1 } } },
    meta: { annotations: { readonly, destructive: false, idempotent: true }, show_in_rest: true },
  });
  if ('reason' in parsed) throw new Error(parsed.reason);
  return parsed;
}

/** A shop plugin's 290 abilities, and ten of a notes plugin: 300 in all. */
function catalogOf(count: number) {
  const abilities: Ability[] = [];
  for (let i = 0; i < count - 10; i++) {
    abilities.push(ability(`shop/report-${i}`, `Sales report ${i}`, 'shop', true));
  }
  abilities.push(ability('shop/refund-order', 'Refund an order', 'shop', false));
  abilities.push(ability('notes/add-post-note', 'Add a note to a post', 'notes', false));
  for (let i = 0; i < 8; i++) {
    abilities.push(ability(`notes/list-${i}`, `List notes of kind ${i}`, 'notes', true));
  }
  const categories = [
    { slug: 'shop', label: 'Shop', description: '' },
    { slug: 'notes', label: 'Post notes', description: '' },
  ];
  return { abilities, categories };
}

const wpTool = (name: string): AnyTool => ({
  name,
  label: name,
  description: `${name} for the model`,
  cardDescription: `${name} for people`,
  input: z.object({}),
  classification: { kind: 'read', destructive: false },
  access: () => Promise.resolve({ ok: true }),
  execute: () => Promise.resolve({ summary: 'done', data: null }),
});
const base = [wpTool('wp_search_content'), wpTool('wp_read_post')];

async function siteRegistry(count: number): Promise<ToolRegistry> {
  const tools = new SiteTools(createRegistry(base), {
    tools: () => base,
    siteTools: async () => abilityTools(catalogOf(count)),
  });
  return tools.registryFor({ session: {} });
}

const user = (words: string) => ({ role: 'user' as const, content: [text(words)] });
const names = (registry: ToolRegistry, transcript: Parameters<typeof offeredDefinitions>[1]) =>
  offeredDefinitions(registry, transcript).map((definition) => definition.name);

describe('the tools a model turn is offered', () => {
  it('every tool when the site adds no more than the threshold, and no look-up', async () => {
    const registry = await siteRegistry(OFFER_ALL_UP_TO);
    const offered = names(registry, [user('Add a note to the post')]);
    expect(offered).toHaveLength(2 + OFFER_ALL_UP_TO);
    expect(offered).not.toContain(LOOKUP_TOOL);
  });

  it('with 300 abilities: the WordPress tools, the look-up and what the request names', async () => {
    const registry = await siteRegistry(300);
    const offered = names(registry, [user('Please add a note to post 12 about the delay')]);
    expect(offered).toEqual(expect.arrayContaining(['wp_search_content', 'wp_read_post']));
    expect(offered).toContain(LOOKUP_TOOL);
    // The notes plugin's "Add a note to a post" matches best; a shop's sales report not at all.
    expect(offered).toContain('ab_notes_add-post-note');
    expect(offered.length).toBeLessThanOrEqual(3 + 12);
    expect(offered.some((name) => name.startsWith('ab_shop_report-'))).toBe(false);
    // Words that name nothing bring in no ability at all.
    expect(names(registry, [user('Bonjour')])).toEqual([
      'wp_search_content',
      'wp_read_post',
      LOOKUP_TOOL,
    ]);
  });

  it('the look-up names the site’s groups, finds by words and group, and reads nothing', async () => {
    const registry = await siteRegistry(300);
    const lookup = registry.get(LOOKUP_TOOL)!;
    expect(lookup.description).toContain('300 tools');
    expect(lookup.description).toContain('"Shop" (291), "Post notes" (9)');
    expect(lookup.classification).toEqual({ kind: 'read', destructive: false });
    const ctx = {} as Parameters<AnyTool['execute']>[0];
    const refund = await lookup.execute(ctx, { query: 'refunds for orders' });
    expect(refund.data).toMatchObject({ found: [{ name: 'ab_shop_refund-order', group: 'Shop' }] });
    const grouped = await lookup.execute(ctx, { query: 'anything', group: 'post NOTES' });
    expect((grouped.data as { found: unknown[] }).found).toHaveLength(9);
    const none = await lookup.execute(ctx, { query: 'weather' });
    expect(none.summary).toContain('No tool of the site matches "weather"');
    // A bad look-up is refused by the registry before it runs, naming the field (T5).
    expect(registry.validate(LOOKUP_TOOL, { query: '' })).toMatchObject({ ok: false });
  });

  it('offers what a look-up found from the next request on, and in another worker from the stored thread', async () => {
    const world = new World();
    const registry = await siteRegistry(300);
    world.options.tools = () => registry.list();
    const worker = world.worker();
    const threadId = await newThread(worker);
    world.model.script.push(
      reply(toolUse(LOOKUP_TOOL, { query: 'refund an order' }, 'look')),
      new Error('overloaded'),
    );
    await worker.runs.send(threadId, 'The customer wants their money back', OWNER).catch(() => {});
    const [first, second] = world.model.requests;
    const offered = (request: typeof first) => request!.tools.map((tool) => tool.name);
    expect(offered(first)).toContain(LOOKUP_TOOL);
    expect(offered(first)).not.toContain('ab_shop_refund-order');
    // The look-up ran without asking, and its answer brought the refund in.
    expect(offered(second)).toContain('ab_shop_refund-order');
    expect(offered(second).length).toBeLessThan(20);

    // Another worker, from the stored thread: the found tool is still offered.
    world.model.script.push(reply(text('Which order?')));
    await world.worker().runs.send(threadId, 'Go on', OWNER);
    expect(offered(world.model.requests[2])).toContain('ab_shop_refund-order');
  });
});
