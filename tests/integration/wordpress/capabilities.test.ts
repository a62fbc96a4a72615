// Capabilities as each role's own session reports them (issue 4 item 2), including the
// unfiltered_html correction G10 relies on.
import { describe, expect, it } from 'vitest';
import { as, seed } from './support';
import { loadCapabilities } from '../../../src/cms/wordpress/capabilities';
import { listTypes } from '../../../src/cms/wordpress/post-types';

describe('WordPress capabilities', () => {
  it.each([
    ['admin', 'administrator', true, true, true],
    ['editor1', 'editor', true, true, true],
    ['editor2', 'editor_nofilter', false, true, true],
    ['author1', 'author', false, false, true],
    ['contributor1', 'contributor', false, false, false],
  ] as const)('%s is %s (unfiltered_html %s)', async (key, role, unfiltered, others, publish) => {
    const { ctx } = await as(key);
    expect(ctx.user.id).toBe(seed.users[key].id);
    expect(ctx.user.roles).toEqual([role]);
    expect(ctx.user.capabilities['unfiltered_html'] === true).toBe(unfiltered);
    expect(ctx.user.capabilities['edit_others_posts'] === true).toBe(others);
    expect(ctx.user.capabilities['publish_posts'] === true).toBe(publish);
  });

  it('is cached per session', async () => {
    const { session } = await as('editor1');
    expect(loadCapabilities(session)).toBe(loadCapabilities(session));
  });

  it('lists the types each role may edit, with their capability names', async () => {
    const contributor = await listTypes((await as('contributor1')).session);
    expect(contributor.find((t) => t.slug === 'page')?.caps).toBeNull();
    expect(contributor.find((t) => t.slug === 'post')?.caps?.['publish_posts']).toBe(
      'publish_posts',
    );
    const editor = await listTypes((await as('editor1')).session);
    expect(editor.find((t) => t.slug === 'page')?.caps?.['edit_others_posts']).toBe(
      'edit_others_pages',
    );
  });
});
