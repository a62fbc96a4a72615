// A gated write reads what it needs in one round trip: the term and image reads that
// access() judges go out beside the read of the entry, not after it (issue 15 item 6, G5).
import { describe, expect, it, vi } from 'vitest';
import { WORDPRESS_TOOLS } from '../../../../src/cms/wordpress/tools';
import { readTarget } from '../../../../src/tools/gate-pass';
import type { AnyTool, ToolContext } from '../../../../src/tools/tool';
import { RecordedSite, WP_ADMIN } from '../../run/support/recorded-site';

function gatePass(site: RecordedSite, name: string, values: Record<string, unknown>) {
  const tool = WORDPRESS_TOOLS.find((t) => t.name === name) as AnyTool;
  const ctx: ToolContext = { user: WP_ADMIN, threadId: 'thread-1', cms: site.session() };
  const input = { type: 'post', id: site.postId, ...values };
  return {
    read: () => readTarget(tool, ctx, input),
    access: (t: unknown) => tool.access(ctx, input, t),
  };
}

describe('the value reads go out beside the entry read (issue 15 item 6, G5)', () => {
  it.each(['wp_update_post', 'wp_replace_post'])(
    '%s: the categories and tags are asked while the entry is still on its way',
    async (name) => {
      const site = new RecordedSite();
      let answer!: () => void;
      site.postHeld = new Promise((resolve) => (answer = resolve));
      const pass = gatePass(site, name, { categories: [1, 99], tags: [] });
      const reading = pass.read();
      await vi.waitFor(() =>
        expect(site.asked).toEqual(
          expect.arrayContaining(['wp/v2/categories', `wp/v2/posts/${site.postId}`]),
        ),
      );
      answer();
      // access() judges the reads it did not send itself: the missing category is named.
      expect(await pass.access(await reading)).toEqual({
        ok: false,
        reason: 'There is no category with id 99.',
      });
      expect(site.asked.filter((route) => route === 'wp/v2/categories')).toHaveLength(1);
    },
  );

  it('a value read that failed is the error access() gives, as when it was asked after the entry', async () => {
    const site = new RecordedSite();
    site.failing.set('wp/v2/tags', 500);
    const pass = gatePass(site, 'wp_update_post', { tags: [3] });
    await expect(pass.access(await pass.read())).rejects.toThrow(/WordPress/);
  });

  it('values the site has pass', async () => {
    const site = new RecordedSite();
    site.terms.tags.push(3);
    const pass = gatePass(site, 'wp_update_post', { categories: [1], tags: [3] });
    expect(await pass.access(await pass.read())).toEqual({ ok: true });
  });
});
