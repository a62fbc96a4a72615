// Issue 34 item 3: abilities the admin page registers itself (`@wordpress/abilities`). The
// in-page functions run here for real against a page-shaped `window.wp.data` store (the
// browser sends them as source text, so they must be self-contained: they are called through
// a tabs port that runs them by their own source, as executeScript does). The whole path on
// WordPress 7.1 is tests/e2e/page-abilities.spec.ts.
import { afterEach, describe, expect, it } from 'vitest';
import {
  discoverPageAbilities,
  PageGoneError,
  runPageAbility,
} from '../../../../../src/cms/wordpress/abilities/page-abilities';
import { WP_NONCE } from '../../../../../src/cms/wordpress/nonce';
import { abilityTool } from '../../../../../src/cms/wordpress/abilities/ability-tool';
import { WpSession } from '../../../../../src/cms/wordpress/session';
import { WpRestClient } from '../../../../../src/cms/wordpress/rest-client';
import type { AdminTabsPort } from '../../../../../src/cms/adapter';

type Registered = Record<string, unknown> & { name: string };

/** A page whose abilities store holds `abilities` (what `@wordpress/abilities` keeps). */
function page(abilities: Registered[]): void {
  (globalThis as Record<string, unknown>)['window'] = {
    wp: {
      data: {
        select: (store: string) =>
          store === 'core/abilities'
            ? {
                getAbilities: () => abilities,
                getAbility: (name: string) => abilities.find((a) => a.name === name),
                getAbilityCategories: () => [
                  { slug: 'page-tools', label: 'Page tools', description: 'In the page.' },
                ],
              }
            : undefined,
      },
    },
  };
}

afterEach(() => {
  delete (globalThis as Record<string, unknown>)['window'];
});

/** Runs the function from its source text, as chrome.scripting.executeScript does. */
const tabs: AdminTabsPort & { calls: number } = {
  calls: 0,
  tabs: async () => [],
  run: async (_tabId, func, args) => {
    tabs.calls++;
    const rebuilt = new Function(`return (${func.toString()})`)() as (...a: unknown[]) => unknown;
    return rebuilt(...args);
  },
};

function session(tab: number | 'none' = 7): WpSession {
  const tabId = tab === 'none' ? undefined : tab;
  const client = new WpRestClient({
    restRoot: 'https://site.test/wp-json/',
    nonce: { ...WP_NONCE, current: () => 'n', refresh: async () => 'n' },
  });
  return new WpSession({ client, adminUrl: 'https://site.test/wp-admin/', tabs, tabId });
}

const note: Registered = {
  name: 'page-tools/show-note',
  label: 'Show a note',
  description: 'Shows a note on the page.',
  category: 'page-tools',
  input_schema: {
    type: 'object',
    properties: { text: { type: 'string', title: 'Note', maxLength: 20 } },
    required: ['text'],
    additionalProperties: false,
  },
  output_schema: { type: 'object', properties: { shown: { type: 'string' } } },
  meta: { annotations: { readonly: false, destructive: false, clientRegistered: true } },
  callback: async ({ text }: { text: string }) => ({ shown: text }),
};

describe("the admin page's own abilities (issue 34 item 3)", () => {
  it('lists what the page registered, not the server abilities mirrored into its store, each checked as a served one', async () => {
    page([
      note,
      {
        ...note,
        name: 'core/get-site-info',
        meta: { annotations: { serverRegistered: true, readonly: true } },
      },
      { ...note, name: 'page-tools/no-label', label: '' },
      { ...note, name: 'page-tools/deep/name' },
    ]);
    const found = await discoverPageAbilities(session());
    expect(found.abilities.map((a) => [a.name, a.toolName, a.home, a.cls])).toEqual([
      ['page-tools/show-note', 'abp_page-tools_show-note', 'page', 'write'],
    ]);
    expect(found.categories).toEqual([
      { slug: 'page-tools', label: 'Page tools', description: 'In the page.' },
    ]);
  });

  it('has none without a tab, or on a page without the abilities store', async () => {
    page([note]);
    expect((await discoverPageAbilities(session('none'))).abilities).toEqual([]);
    delete (globalThis as Record<string, unknown>)['window'];
    (globalThis as Record<string, unknown>)['window'] = {};
    expect((await discoverPageAbilities(session())).abilities).toEqual([]);
  });

  it('runs an approved call in the page, checks its permission first, and reads the answer as data', async () => {
    page([note]);
    const [ability] = (await discoverPageAbilities(session())).abilities;
    expect(await runPageAbility(session(), ability!, { text: 'Hi' })).toMatchObject({
      status: 'done',
      output: { shown: 'Hi' },
      outputProblems: [],
    });
    page([{ ...note, permissionCallback: async () => false }]);
    expect(await runPageAbility(session(), ability!, { text: 'Hi' })).toMatchObject({
      status: 'refused',
    });
    page([{ ...note, callback: async () => ({ shown: 42 }) }]);
    const odd = await runPageAbility(session(), ability!, { text: 'Hi' });
    expect(odd.status === 'done' && odd.outputProblems.length).toBeGreaterThan(0);
  });

  it('a page that no longer holds the ability (or is gone) fails plainly, and nothing ran', async () => {
    page([note]);
    const [ability] = (await discoverPageAbilities(session())).abilities;
    let ran = 0;
    page([]);
    await expect(runPageAbility(session(), ability!, { text: 'Hi' })).rejects.toThrow(
      PageGoneError,
    );
    page([{ ...note, callback: async () => void ran++ }]);
    const closed: AdminTabsPort = {
      tabs: async () => [],
      run: () => Promise.reject(new Error('No tab with id: 7')),
    };
    const gone = new WpSession({
      client: session().client,
      adminUrl: 'https://site.test/wp-admin/',
      tabs: closed,
      tabId: 7,
    });
    await expect(runPageAbility(gone, ability!, { text: 'Hi' })).rejects.toThrow(
      /The admin page that offered "Show a note" is gone/,
    );
    expect(ran).toBe(0);
  });

  it("as a tool: the card says it runs in the open page; the model's input is checked before any card", async () => {
    page([note]);
    const [ability] = (await discoverPageAbilities(session())).abilities;
    const tool = abilityTool(ability!);
    expect(tool.name).toBe('abp_page-tools_show-note');
    expect(tool.input.safeParse({ text: 'far too long for this note' }).success).toBe(false);
    const card = await tool.argumentCard!({ text: 'Hi' }, { cms: session() } as never);
    expect(card.notes[0]).toMatch(/belongs to the admin page you have open and runs there/);
    const result = await tool.execute({ cms: session() } as never, { text: 'Hi' });
    expect(result.data).toMatchObject({ ability: 'page-tools/show-note', output: { shown: 'Hi' } });
    expect(result.untrusted).toBe(true);
  });
});
