import { describe, expect, it } from 'vitest';
import { WP_NONCE } from '../../../../src/cms/wordpress/nonce';
import { WpRestClient } from '../../../../src/cms/wordpress/rest-client';
import { WpSession } from '../../../../src/cms/wordpress/session';
import { loadCapabilities } from '../../../../src/cms/wordpress/capabilities';

/** A fake WordPress answering users/me and the posts list, counting requests. */
function fakeSite(options: { unfilteredCap: boolean; link: boolean; posts?: boolean }) {
  const calls: string[] = [];
  const fetch = async (input: RequestInfo | URL) => {
    const url = new URL(String(input));
    calls.push(url.pathname);
    const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });
    if (url.pathname.endsWith('/users/me')) {
      return json({
        id: 3,
        name: 'Editor',
        roles: ['editor'],
        capabilities: {
          edit_posts: true,
          unfiltered_html: options.unfilteredCap,
          upload_files: false,
        },
      });
    }
    if (options.posts === false) return json([]);
    const links = options.link ? { 'wp:action-unfiltered-html': [{ href: 'x' }] } : {};
    return json([{ id: 1, _links: links }]);
  };
  const client = new WpRestClient({
    restRoot: 'http://127.0.0.1:9/wp-json/',
    nonce: { ...WP_NONCE, current: () => 'abcdef0123', refresh: async () => 'abcdef0123' },
    fetch,
  });
  return { session: new WpSession({ client, adminUrl: 'http://127.0.0.1:9/wp-admin' }), calls };
}

/** G10 relies on this: users/me lies about unfiltered_html on multisite. */
describe('loadCapabilities', () => {
  it('keeps unfiltered_html only when WordPress also offers the action link', async () => {
    const trusted = fakeSite({ unfilteredCap: true, link: true });
    expect((await loadCapabilities(trusted.session)).capabilities['unfiltered_html']).toBe(true);
    const multisite = fakeSite({ unfilteredCap: true, link: false });
    expect(
      (await loadCapabilities(multisite.session)).capabilities['unfiltered_html'],
    ).toBeUndefined();
  });

  it('fails closed when there is no post to read the link from', async () => {
    const empty = fakeSite({ unfilteredCap: true, link: true, posts: false });
    expect((await loadCapabilities(empty.session)).capabilities['unfiltered_html']).toBeUndefined();
  });

  it('drops capabilities reported as false and asks nothing more without the raw capability', async () => {
    const site = fakeSite({ unfilteredCap: false, link: true });
    const user = await loadCapabilities(site.session);
    expect(user).toEqual({
      id: 3,
      name: 'Editor',
      roles: ['editor'],
      capabilities: { edit_posts: true },
    });
    expect(site.calls).toEqual(['/wp-json/wp/v2/users/me']);
  });

  it('is cached per session', async () => {
    const site = fakeSite({ unfilteredCap: true, link: true });
    await loadCapabilities(site.session);
    await loadCapabilities(site.session);
    expect(site.calls).toHaveLength(2);
  });
});
