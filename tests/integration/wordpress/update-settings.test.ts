// wp_update_settings and wp_get_settings: proposeConfig must be exactly what WordPress then
// stores (T4, C2). Settings are site-wide, so every test restores what it changed.
import { afterEach, describe, expect, it } from 'vitest';
import { as, run, seed, tool } from './support';
import { factsNow } from '../../../src/tools/gate-pass';

type Settings = Record<string, unknown>;

async function settings(): Promise<Settings> {
  return (await (await as('admin')).http.rest<Settings>('GET', '/wp/v2/settings')).body;
}

let original: Settings | undefined;
afterEach(async () => {
  if (!original) return;
  const {
    title,
    description,
    date_format,
    posts_per_page,
    timezone,
    default_ping_status,
    site_icon,
  } = original;
  const restore = {
    title,
    description,
    date_format,
    posts_per_page,
    timezone,
    default_ping_status,
    site_icon,
  };
  await (await as('admin')).http.rest('POST', '/wp/v2/settings', restore);
  original = undefined;
});

describe('wp_update_settings', () => {
  it('proposes exactly what WordPress stores, escaping included', async () => {
    original = await settings();
    const admin = await as('admin');
    const input = {
      title: `Ben & Jerry's "Shop" <b>now</b> &amp; &copy; ${Date.now()}`,
      description: '  spaced  tagline ',
      date_format: 'Y-m-d',
      posts_per_page: 7,
      timezone: 'Europe/Berlin',
      default_ping_status: 'closed',
    };
    const proposed = await tool('wp_update_settings').proposeConfig!(admin.ctx, input);
    expect(proposed.map((c) => c.key)).toEqual(Object.keys(input));
    expect(proposed[0]).toMatchObject({ current: original.title });
    expect(await run(admin, 'wp_update_settings', input)).toMatchObject({
      stage: 'done',
      result: { summary: expect.not.stringMatching(/differently/) },
    });
    const after = await settings();
    for (const change of proposed) expect(after[change.key], change.key).toEqual(change.proposed);
    expect(after['title']).toMatch(
      /^Ben &amp; Jerry&#039;s &quot;Shop&quot; &lt;b&gt;now&lt;\/b&gt; &amp; &copy; /,
    );
  });

  it('sets an image as the site icon and refuses media that is not one', async () => {
    original = await settings();
    const admin = await as('admin');
    expect((await run(admin, 'wp_update_settings', { site_icon: seed.media.image })).stage).toBe(
      'done',
    );
    expect((await settings())['site_icon']).toBe(seed.media.image);
    expect(
      await run(admin, 'wp_update_settings', { site_icon: seed.posts.published }),
    ).toMatchObject({
      stage: 'refused',
      message: `site_icon: there is no image with id ${seed.posts.published}.`,
    });
  });

  it('refuses what WordPress would quietly not store, and malformed input', async () => {
    const admin = await as('admin');
    const before = await settings();
    expect(await run(admin, 'wp_update_settings', { timezone: 'Mars/Olympus_Mons' })).toMatchObject(
      {
        stage: 'refused',
      },
    );
    expect(
      await run(admin, 'wp_update_settings', { page_on_front: seed.posts.draft }),
    ).toMatchObject({
      stage: 'refused',
    });
    for (const bad of [
      {},
      { posts_per_page: 0 },
      { posts_per_page: '10' },
      { url: 'http://evil.test' },
      { title: 'x'.repeat(201) },
      { date_format: '<script>' },
      { start_of_week: 9 },
    ]) {
      expect((await run(admin, 'wp_update_settings', bad)).stage, JSON.stringify(bad)).toBe(
        'invalid',
      );
    }
    expect(await settings()).toEqual(before);
  });

  it('is for administrators only; editors may neither read nor change settings', async () => {
    for (const key of ['editor1', 'author1', 'contributor1'] as const) {
      const actor = await as(key);
      expect(await run(actor, 'wp_update_settings', { description: 'x' })).toMatchObject({
        stage: 'refused',
      });
      expect(await run(actor, 'wp_get_settings', {})).toMatchObject({ stage: 'refused' });
    }
    expect(await run(await as('admin'), 'wp_get_settings', {})).toMatchObject({
      stage: 'done',
      result: { data: { title: expect.any(String), posts_per_page: expect.any(Number) } },
    });
  });

  it('previews each change, lets only administrators read the preview, and gives facts', async () => {
    const admin = await as('admin');
    const current = await settings();
    const lines = await tool('wp_update_settings').preview!(admin.ctx, { posts_per_page: 3 });
    expect(lines).toEqual([`posts_per_page: replaces ${current['posts_per_page']} with 3.`]);
    expect(tool('wp_update_settings').mayViewerReadPreview!(admin.ctx.user, {})).toBe(true);
    expect(
      tool('wp_update_settings').mayViewerReadPreview!((await as('editor1')).ctx.user, {}),
    ).toBe(false);
    const facts = await factsNow(tool('wp_update_settings'), admin.ctx, { posts_per_page: 3 });
    expect(facts).toEqual({ settings: { posts_per_page: current['posts_per_page'] } });
  });
});
