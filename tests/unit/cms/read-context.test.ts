import { describe, expect, it } from 'vitest';
import { readWordPressContext } from '../../../src/cms/wordpress/read-context';
import type { WpDomFacts } from '../../../src/cms/wordpress/admin-detect';
import { looksLikeWordPressAdmin } from '../../../src/cms/wordpress/admin-detect';

const editorDom: WpDomFacts = {
  href: 'http://127.0.0.1:8881/wp-admin/post.php?post=4&action=edit',
  bodyClasses: ['wp-admin', 'block-editor-page', 'post-type-post'],
  postIdInput: '4',
  hasClassicForm: false,
};
const editorGlobals = {
  wpApiSettings: { root: 'http://127.0.0.1:8881/wp-json/', nonce: '12725adda2' },
  pagenow: 'post',
  typenow: 'post',
  adminpage: 'post-php',
  userSettingsUid: '3',
  ajaxurl: '/wp-admin/admin-ajax.php',
};

describe('reading the WordPress admin context', () => {
  it('reads the block editor: site, REST root, nonce, user, screen and entity', () => {
    const reading = readWordPressContext(editorGlobals, editorDom);
    expect(reading).toEqual({
      ok: true,
      nonce: '12725adda2',
      context: {
        cms: 'wordpress',
        origin: 'http://127.0.0.1:8881',
        siteUrl: 'http://127.0.0.1:8881/',
        adminUrl: 'http://127.0.0.1:8881/wp-admin/',
        restRoot: 'http://127.0.0.1:8881/wp-json/',
        tokenUrl: 'http://127.0.0.1:8881/wp-admin/admin-ajax.php',
        userId: 3,
        screen: { id: 'post', view: 'editor', contentType: 'post' },
        entity: { id: 4, type: 'post' },
        editor: 'block',
      },
    });
  });

  it('works on screens without wpApiSettings: no nonce, REST root through ?rest_route=', () => {
    const { wpApiSettings: _omit, ...globals } = editorGlobals;
    const reading = readWordPressContext(
      { ...globals, pagenow: 'edit-post', adminpage: 'edit-php' },
      {
        href: 'http://example.test/blog/wp-admin/edit.php',
        bodyClasses: ['wp-admin'],
        hasClassicForm: false,
      },
    );
    expect(reading.ok && reading.nonce).toBe(undefined);
    expect(reading.ok && reading.context.restRoot).toBe(
      'http://example.test/blog/index.php?rest_route=/',
    );
    expect(reading.ok && reading.context.siteUrl).toBe('http://example.test/blog/');
    expect(reading.ok && reading.context.entity).toBe(undefined);
  });

  it('reads the classic editor and the new-post id from #post_ID', () => {
    const reading = readWordPressContext(
      { ...editorGlobals, adminpage: 'post-new-php' },
      {
        ...editorDom,
        href: 'http://127.0.0.1:8881/wp-admin/post-new.php',
        bodyClasses: ['wp-admin'],
        postIdInput: '77',
        hasClassicForm: true,
      },
    );
    expect(reading.ok && reading.context.editor).toBe('classic');
    expect(reading.ok && reading.context.entity).toEqual({ id: 77, type: 'post' });
  });

  it.each([
    ['malformed globals', { ...editorGlobals, pagenow: 42 }, /globals are malformed \(pagenow/],
    ['no globals at all', null, /did not expose its WordPress globals/],
    [
      'a REST root on another origin',
      {
        ...editorGlobals,
        wpApiSettings: { root: 'https://evil.test/wp-json/', nonce: '12725adda2' },
      },
      /restRoot is on another origin/,
    ],
    [
      'a javascript: REST root',
      { ...editorGlobals, wpApiSettings: { root: 'javascript:alert(1)', nonce: '12725adda2' } },
      /restRoot/,
    ],
    [
      'admin-ajax on another origin',
      { ...editorGlobals, ajaxurl: 'https://evil.test/admin-ajax.php' },
      /tokenUrl is on another origin/,
    ],
    [
      'a malformed nonce',
      { ...editorGlobals, wpApiSettings: { root: '/wp-json/', nonce: '<script>' } },
      /nonce on the page is malformed/,
    ],
    ['no signed-in user', { ...editorGlobals, userSettingsUid: '0' }, /signed-in user/],
  ])('refuses %s with a reason', (_name, globals, reason) => {
    const reading = readWordPressContext(globals, editorDom);
    expect(reading.ok).toBe(false);
    expect(!reading.ok && reading.reason).toMatch(reason);
  });

  describe('a block editor that is still setting up its post (WordPress 6.5)', () => {
    const loading = { ...editorGlobals, editorPost: { id: null, type: null } };

    it('is sound, takes the post the address gives, and says it is waiting for the editor', () => {
      const reading = readWordPressContext(loading, editorDom);
      expect(reading.ok).toBe(true);
      expect(reading.ok && reading.waitingForEditor).toBe(true);
      expect(reading.ok && reading.context.entity).toEqual({ id: 4, type: 'post' });
    });

    it('a new post: takes the id from #post_ID', () => {
      const reading = readWordPressContext(
        { ...loading, adminpage: 'post-new-php' },
        { ...editorDom, href: 'http://127.0.0.1:8881/wp-admin/post-new.php', postIdInput: '91' },
      );
      expect(reading.ok && reading.context.entity).toEqual({ id: 91, type: 'post' });
      expect(reading.ok && reading.waitingForEditor).toBe(true);
    });

    it('once the editor holds its post: no longer waiting, the editor post and type', () => {
      const reading = readWordPressContext(
        { ...editorGlobals, typenow: 'page', editorPost: { id: 4, type: 'page' } },
        editorDom,
      );
      expect(reading.ok && reading.waitingForEditor).toBe(undefined);
      expect(reading.ok && reading.context.entity).toEqual({ id: 4, type: 'page' });
    });

    it('when the reader gave up waiting: the post from the address, not waiting any more', () => {
      const reading = readWordPressContext({ ...loading, editorWaited: true }, editorDom);
      expect(reading.ok && reading.waitingForEditor).toBe(undefined);
      expect(reading.ok && reading.context.entity).toEqual({ id: 4, type: 'post' });
    });

    it('is not trusted when the editor holds another post than the page is for', () => {
      const reading = readWordPressContext(
        { ...editorGlobals, editorPost: { id: 9, type: 'post' } },
        editorDom,
      );
      expect(reading).toEqual({
        ok: false,
        reason: 'the editor holds post 9, but the page is for post 4',
      });
    });

    it('refuses an editor post id that is neither a number nor null', () => {
      const reading = readWordPressContext(
        { ...editorGlobals, editorPost: { id: '4', type: 'post' } },
        editorDom,
      );
      expect(!reading.ok && reading.reason).toMatch(/editorPost\.id/);
    });
  });

  it('detects admin pages by body class and path together', () => {
    expect(
      looksLikeWordPressAdmin({ href: 'http://a.test/wp-admin/', bodyClasses: ['wp-admin'] }),
    ).toBe(true);
    expect(looksLikeWordPressAdmin({ href: 'http://a.test/wp-admin/', bodyClasses: [] })).toBe(
      false,
    );
    expect(
      looksLikeWordPressAdmin({ href: 'http://a.test/shop/', bodyClasses: ['wp-admin'] }),
    ).toBe(false);
  });
});
