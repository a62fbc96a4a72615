// Issue 34: the options page's list of a site's abilities, through the background. Each is
// listed with what its plugin claims (its annotations) and the class the gate derived; a
// browser rule for an ability is kept (it applies on every site that offers the ability), a
// typo is still refused; "try it" on an ability uses that ability's own class.
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createOptionsHandler } from '../../../../src/background/options-handlers';
import { toAbility, type Ability } from '../../../../src/cms/wordpress/abilities/discover';
import { ABILITY_TOOL_PREFIXES } from '../../../../src/cms/wordpress/abilities/names';
import { abilityTools } from '../../../../src/cms/wordpress/abilities/ability-tool';
import { WORDPRESS_TOOLS } from '../../../../src/cms/wordpress/tools';
import { wordpressAdapter } from '../../../../src/cms/wordpress/wordpress-adapter';
import type {
  PolicyView,
  RuleTryView,
  SiteToolsView,
} from '../../../../src/shared/protocols/options-protocol';
import type { AnyTool } from '../../../../src/tools/tool';
import { freshLog } from '../../audit/support';

function ability(name: string, annotations: unknown): Ability {
  const parsed = toAbility({
    name,
    label: `Label of ${name}`,
    description: `What ${name} does.`,
    category: name.startsWith('shop/') ? 'shop' : 'content',
    meta: { annotations, show_in_rest: true },
  });
  if ('reason' in parsed) throw new Error(parsed.reason);
  return parsed;
}

const TOOLS = abilityTools({
  abilities: [
    ability('content/recent-titles', { readonly: true, destructive: false, idempotent: true }),
    ability('content/add-note', { readonly: false, destructive: false }),
    ability('content/purge', { destructive: true, idempotent: true }),
    ability('content/odd', { readonly: true, destructive: true }),
    ability('content/retitle', { idempotent: false }),
    ability('shop/bare', null),
  ],
  categories: [{ slug: 'content', label: 'Content tools', description: '' }],
});
const SITE = { siteRoot: 'https://example.org/wp-json/', userId: '7' };

function harness(site: readonly AnyTool[] | null, prefixes = ABILITY_TOOL_PREFIXES) {
  fakeBrowser.reset();
  const { log, clock } = freshLog(1_800_000_000_000);
  const asked: unknown[] = [];
  const handle = createOptionsHandler({
    audit: () => log,
    tools: () => WORDPRESS_TOOLS,
    siteOfRoot: wordpressAdapter.siteOfRoot,
    now: () => clock.now,
    extensionOrigin: () => 'chrome-extension://test',
    testConnection: async () => ({ status: 'ok', modelCount: 0, models: [], message: '' }),
    siteTools: async (target) => {
      asked.push(target);
      return site;
    },
    siteToolPrefixes: prefixes,
  });
  async function send<T>(request: Record<string, unknown>): Promise<T> {
    const reply = await handle(request);
    if (!reply.ok) throw Object.assign(new Error(reply.error.message), reply.error);
    return reply.value as T;
  }
  return { send, asked };
}

describe("a site's abilities in the rules editor (issue 34)", () => {
  let h: ReturnType<typeof harness>;
  beforeEach(() => {
    h = harness(TOOLS);
  });

  it('lists each ability with its claims, its group and the class the gate derived', async () => {
    const view = await h.send<SiteToolsView>({ type: 'options-site-tools', ...SITE });
    expect(h.asked).toEqual([SITE]);
    expect(view.status).toBe('listed');
    const byName = new Map(view.tools.map((tool) => [tool.name, tool]));
    expect(byName.get('ab_content_recent-titles')).toMatchObject({
      kind: 'read',
      destructive: false,
      alwaysAsk: null,
      defaultMode: 'allow',
      siteOrigin: {
        claims: { readonly: true, destructive: false, idempotent: true },
        group: 'Content tools',
      },
    });
    expect(byName.get('ab_content_add-note')).toMatchObject({
      alwaysAsk: 'live-write',
      siteOrigin: { claims: { readonly: false, destructive: false } },
    });
    expect(byName.get('ab_content_odd')).toMatchObject({ destructive: true });
    expect(byName.get('ab_content_retitle')).toMatchObject({ alwaysAsk: 'destructive' });
    // No annotations at all: unclassified; a category the site did not describe: no group.
    expect(byName.get('ab_shop_bare')).toMatchObject({
      kind: null,
      alwaysAsk: 'unclassified',
      siteOrigin: { claims: {} },
    });
    expect(byName.get('ab_shop_bare')?.siteOrigin?.group).toBeUndefined();
  });

  it('says when no admin tab of that person on that site is open to read them with', async () => {
    const view = await harness(null).send<SiteToolsView>({ type: 'options-site-tools', ...SITE });
    expect(view).toEqual({ status: 'no-tab', tools: [] });
  });

  it('refuses a request for a site that is not an address', async () => {
    await expect(
      h.send({ type: 'options-site-tools', siteRoot: 'example', userId: '7' }),
    ).rejects.toMatchObject({ code: 'bad-request' });
    // "Try it" naming a site the same way, or with a part no site has, is refused too.
    const tryOn = (site: unknown) =>
      h.send({
        type: 'options-rule-try',
        tool: 'ab_shop_bare',
        entry: { mode: 'ask' },
        sample: { input: {}, facts: {} },
        site,
      });
    await expect(tryOn({ siteRoot: 'example', userId: '7' })).rejects.toMatchObject({
      code: 'bad-request',
    });
    await expect(tryOn({ ...SITE, extra: 1 })).rejects.toMatchObject({ code: 'bad-request' });
    expect(h.asked).toEqual([]);
  });

  it('keeps a browser rule for an ability, and still refuses a tool name nobody has', async () => {
    const policy = { 'ab_content_recent-titles': { mode: 'ask' } };
    const saved = await h.send<PolicyView>({ type: 'options-policy-save', policy });
    expect(saved.admin).toEqual(policy);
    expect(saved.problems).toEqual([]);
    expect(saved.siteToolPrefixes).toEqual(['ab_', 'abh_', 'abp_', 'abq_']);
    await expect(
      h.send({ type: 'options-policy-save', policy: { wp_update_postt: { mode: 'allow' } } }),
    ).rejects.toMatchObject({
      message: expect.stringMatching(/"wp_update_postt" is not a known tool/),
    });
    // A CMS whose sites add no tools knows no such names.
    await expect(
      harness(TOOLS, []).send({ type: 'options-policy-save', policy }),
    ).rejects.toMatchObject({ message: expect.stringMatching(/is not a known tool/) });
  });

  it("tries a rule on an ability with that ability's own class (G2)", async () => {
    const tried = await h.send<RuleTryView>({
      type: 'options-rule-try',
      tool: 'ab_shop_bare',
      entry: { mode: 'allow' },
      sample: { input: {}, facts: {} },
      site: SITE,
    });
    expect(tried.decision).toBe('ask');
    const read = await h.send<RuleTryView>({
      type: 'options-rule-try',
      tool: 'ab_content_recent-titles',
      entry: { mode: 'allow' },
      sample: { input: {}, facts: {} },
      site: SITE,
    });
    expect(read.decision).toBe('allow');
    // Without the site, an ability is not one of the tools.
    await expect(
      h.send({
        type: 'options-rule-try',
        tool: 'ab_shop_bare',
        entry: { mode: 'allow' },
        sample: { input: {}, facts: {} },
      }),
    ).rejects.toMatchObject({ code: 'not-found' });
  });
});
