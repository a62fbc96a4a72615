import { describe, expect, it } from 'vitest';
import { resolveAdminPath } from '../../../../src/cms/wordpress/admin-path';

const ADMIN = 'http://127.0.0.1:8885/wp-admin/';

/** R5: wp_open_admin moves the tab only inside wp-admin. */
describe('resolveAdminPath (R5)', () => {
  it.each([
    ['post.php?post=4&action=edit', 'http://127.0.0.1:8885/wp-admin/post.php?post=4&action=edit'],
    ['/wp-admin/edit.php?post_type=page', 'http://127.0.0.1:8885/wp-admin/edit.php?post_type=page'],
    ['options-general.php', 'http://127.0.0.1:8885/wp-admin/options-general.php'],
    ['', 'http://127.0.0.1:8885/wp-admin/'],
    ['/wp-admin', 'http://127.0.0.1:8885/wp-admin/'],
    ['network/sites.php', 'http://127.0.0.1:8885/wp-admin/network/sites.php'],
    ['upload.php#top', 'http://127.0.0.1:8885/wp-admin/upload.php#top'],
  ])('opens %j', (path, url) => {
    expect(resolveAdminPath(ADMIN, path)).toEqual({ ok: true, url });
  });

  it.each([
    'https://evil.test/wp-admin/',
    '//evil.test/wp-admin/',
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'data:text/html,x',
    '/wp-login.php?action=logout',
    '/',
    '/wp-adminx/index.php',
    '../wp-login.php',
    '/wp-admin/../wp-login.php',
    '%2e%2e/wp-login.php',
    '/wp-admin/%2e%2e/index.php',
    '..%2fwp-login.php',
    '\\\\evil.test/x',
    'edit.php\nLocation: x',
    ' post.php',
    '%zz',
    'http:/evil.test',
  ])('refuses %j', (path) => {
    const result = resolveAdminPath(ADMIN, path);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toMatch(/is not a page inside the WordPress admin/);
  });

  it('works for a site in a subdirectory', () => {
    expect(
      resolveAdminPath('https://example.test/blog/wp-admin/', '/blog/wp-admin/edit.php'),
    ).toEqual({
      ok: true,
      url: 'https://example.test/blog/wp-admin/edit.php',
    });
    expect(resolveAdminPath('https://example.test/blog/wp-admin/', '/wp-admin/edit.php').ok).toBe(
      false,
    );
  });

  // Issue 33 (R5): a path the model names must never be one navigation away from an action
  // taken with the person's session (a nonce it read in a page, a bulk trash, the updater).
  it.each([
    'post.php?post=4&action=trash&_wpnonce=abc123',
    'post.php?post=4&action=delete',
    'edit.php?post_type=post&action=-1&action2=trash&post[]=4',
    'plugins.php?action=activate&plugin=x%2Fx.php&_wpnonce=abc',
    'admin-post.php?action=anything',
    'admin-post.php/x',
    'update.php?action=upgrade-plugin&plugin=x',
    'edit-comments.php?delete_all=1',
    'users.php?action=delete&user=2',
    'edit.php?post_type=post&trashed=1&ids=4',
    'options.php?_wpnonce=abc',
  ])('refuses the acting link %j', (path) => {
    const result = resolveAdminPath(ADMIN, path);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toMatch(/would act on the site when opened/);
  });
});
