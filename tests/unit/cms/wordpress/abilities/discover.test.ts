// Discovery reads a site's abilities as outside input (issue 34 item 2; T5): every page,
// every field checked, a bad entry left out with a reason naming it, never a crash; a site
// without the Abilities API simply has none.
import { describe, expect, it } from 'vitest';
import {
  discoverAbilities,
  loadCatalog,
} from '../../../../../src/cms/wordpress/abilities/discover';
import { WP_NONCE } from '../../../../../src/cms/wordpress/nonce';
import { WpRestClient } from '../../../../../src/cms/wordpress/rest-client';
import { WpSession } from '../../../../../src/cms/wordpress/session';

const good = (name: string, annotations: unknown = { readonly: true }) => ({
  name,
  label: `Label of ${name}`,
  description: 'Does a thing.',
  category: 'site',
  input_schema: { type: 'object', properties: { id: { type: 'integer' } } },
  output_schema: [],
  meta: { annotations, show_in_rest: true },
});

/** A session whose fetch answers like WordPress from the given pages (or a 404 without route). */
function siteWith(
  pages: unknown[][] | 'no-route' | 'signed-out' | 'no-read',
  requests: string[] = [],
): WpSession {
  const fetchImpl = async (input: RequestInfo | URL) => {
    const url = new URL(String(input));
    requests.push(url.pathname + url.search);
    if (pages === 'signed-out' || pages === 'no-read') {
      const status = pages === 'signed-out' ? 401 : 403;
      return new Response(JSON.stringify({ code: 'rest_forbidden', message: 'No.' }), { status });
    }
    if (pages === 'no-route') {
      return new Response(JSON.stringify({ code: 'rest_no_route', message: 'No route' }), {
        status: 404,
      });
    }
    if (url.pathname.endsWith('/categories')) {
      return new Response(JSON.stringify([{ slug: 'site', label: 'Site' }, { slug: 'Bad!' }]));
    }
    const page = Number(url.searchParams.get('page'));
    return new Response(JSON.stringify(pages[page - 1] ?? []), {
      headers: {
        'X-WP-Total': String(pages.flat().length),
        'X-WP-TotalPages': String(pages.length),
      },
    });
  };
  const client = new WpRestClient({
    restRoot: 'http://site.test/wp-json/',
    nonce: { ...WP_NONCE, current: () => 'nonce', refresh: async () => 'nonce' },
    fetch: fetchImpl as typeof fetch,
  });
  return new WpSession({ client, adminUrl: 'http://site.test/wp-admin/' });
}

describe('ability discovery', () => {
  it('reads every page and keeps good entries in order', async () => {
    const requests: string[] = [];
    const catalog = await loadCatalog(
      siteWith([[good('a/one'), good('a/two')], [good('b/three')]], requests),
      2,
    );
    expect(catalog.abilities.map((a) => a.name)).toEqual(['a/one', 'a/two', 'b/three']);
    expect(catalog.abilities[0]?.toolName).toBe('ab_a_one');
    expect(requests.filter((r) => r.includes('/abilities')).length).toBe(2);
    expect(requests[0]).toContain('context=edit');
    expect(catalog.categories).toEqual([{ slug: 'site', label: 'Site', description: '' }]);
  });

  it('leaves out each bad entry with a reason naming it and the field', async () => {
    const deep: Record<string, unknown> = { type: 'string' };
    let nested = deep;
    for (let i = 0; i < 30; i++) nested = { type: 'array', items: nested };
    const catalog = await loadCatalog(
      siteWith([
        [
          good('ok/one'),
          { ...good('bad/label'), label: 42 },
          { ...good('Bad/Name') },
          'not an object',
          null,
          { ...good('bad/schema'), input_schema: nested },
          { ...good('bad/annotations'), meta: { annotations: { readonly: 'yes' } } },
          { ...good('bad/hidden'), meta: { show_in_rest: false } },
          good('ok/one'),
          { ...good('bad/ref'), output_schema: { $ref: 'https://evil.example/x' } },
        ],
      ]),
    );
    expect(catalog.abilities.map((a) => a.name)).toEqual(['ok/one']);
    const reasons = Object.fromEntries(catalog.skipped.map((s) => [s.name, s.reason]));
    expect(reasons['bad/label']).toMatch(/^label: /);
    expect(reasons['Bad/Name']).toMatch(/^name: /);
    expect(reasons['(unnamed)']).toBeDefined();
    expect(reasons['bad/schema']).toMatch(/^input_schema: .*nested deeper/);
    expect(reasons['bad/annotations']).toMatch(/^meta\.annotations\.readonly: /);
    expect(reasons['bad/hidden']).toMatch(/not offered over REST/);
    expect(reasons['bad/ref']).toMatch(/^output_schema: .*\$ref/);
    expect(catalog.skipped.find((s) => s.name === 'ok/one')?.reason).toMatch(/taken by ok\/one/);
  });

  it('finds no abilities, and no error, on WordPress without the Abilities API', async () => {
    expect(await discoverAbilities(siteWith('no-route'))).toEqual({
      abilities: [],
      categories: [],
      skipped: [],
    });
  });

  it('finds none for a person who may not list them, but never hides a lost session', async () => {
    expect((await discoverAbilities(siteWith('no-read'))).abilities).toEqual([]);
    await expect(discoverAbilities(siteWith('signed-out'))).rejects.toMatchObject({
      kind: 'logged-out',
    });
  });

  it('reads once per session', async () => {
    const requests: string[] = [];
    const session = siteWith([[good('a/one')]], requests);
    await discoverAbilities(session);
    await discoverAbilities(session);
    expect(requests.filter((r) => r.includes('/abilities')).length).toBe(1);
  });
});
