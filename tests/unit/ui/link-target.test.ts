import { describe, expect, it } from 'vitest';
import { linkTarget } from '../../../src/ui/markdown/link-target';

const ADMIN = 'https://site.test/blog/wp-admin/';

/**
 * R5, issue 33 item 6: a link in the model's words is one click away from the person's
 * signed-in session, so a link that would act (trash, delete, activate, log out, any
 * nonce-signed action) never becomes a link; admin screens that only show still do.
 */
describe('linkTarget refuses admin links that act on GET', () => {
  const hostile = [
    'post.php?post=4&action=trash&_wpnonce=abc123',
    'post.php?post=4&action=delete',
    'post.php?post=4&action=untrash',
    'plugins.php?action=activate&plugin=evil%2Fevil.php&_wpnonce=abc',
    'plugins.php?action=deactivate&plugin=countersign%2Fcountersign.php',
    'plugins.php?action=delete-selected&checked[]=countersign',
    'themes.php?action=activate&stylesheet=evil',
    'users.php?action=delete&user=2',
    'edit.php?post_type=post&action=-1&action2=trash&post[]=4',
    'edit.php?post_status=trash&delete_all=Empty+Trash',
    'edit-comments.php?doaction=spam',
    'comment.php?action=approvecomment&c=1',
    'admin-post.php?action=countersign_reset',
    'admin-post.php',
    'admin-ajax.php?action=heartbeat',
    'admin-post.php/extra?x=1',
    '/wp-admin/admin-ajax.php',
    '/wp-admin/%61dmin-post.php',
    'options-general.php?_wpnonce=abc',
    'options-general.php?_ajax_nonce=abc',
    'options-general.php?%61ction=update',
    'options-general.php?action[]=update',
    'options-general.php?ACTION=update',
    'update.php?action=upgrade-plugin&plugin=x',
    'upgrade.php?step=1',
    'export.php?download=true',
    'https://site.test/blog/wp-admin/post.php?post=4&action=trash&_wpnonce=abc',
    'https://other.test/wp-admin/plugins.php?action=activate&plugin=x',
    'https://site.test/blog/wp%2Dadmin/admin-post.php?action=x',
    'https://site.test/blog/wp-admin/../wp-admin/admin-post.php',
    'https://site.test/blog/wp-login.php?action=logout&_wpnonce=abc',
    'HTTPS://SITE.TEST/BLOG/WP-ADMIN/ADMIN-AJAX.PHP',
  ];
  it.each(hostile)('%s stays text', (href) => {
    expect(linkTarget(href, ADMIN)).toBeUndefined();
  });

  const screens: Array<[string, string]> = [
    ['post.php?post=4&action=edit', `${ADMIN}post.php?post=4&action=edit`],
    ['edit.php?post_type=page', `${ADMIN}edit.php?post_type=page`],
    ['edit.php?post_status=trash', `${ADMIN}edit.php?post_status=trash`],
    ['options-general.php', `${ADMIN}options-general.php`],
    ['/wp-admin/upload.php', 'https://site.test/wp-admin/upload.php'],
    ['plugins.php', `${ADMIN}plugins.php`],
    ['https://site.test/blog/wp-admin/post.php?post=4&action=edit#x', null!],
    ['https://example.test/page?action=trash', null!],
  ];
  it.each(screens)('%s stays a link', (href, expected) => {
    expect(linkTarget(href, ADMIN)).toBe(expected ?? href);
  });
});
