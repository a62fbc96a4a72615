import { describe, expect, it } from 'vitest';
import { createRegistry } from '../../../../src/tools/registry';
import { WORDPRESS_TOOLS } from '../../../../src/cms/wordpress/tools';

/** T1/T2: every WordPress tool registers (names, descriptions, described fields). */
describe('WordPress tool definitions', () => {
  it('all register in the tool registry', () => {
    const registry = createRegistry([...WORDPRESS_TOOLS]);
    expect(registry.names()).toHaveLength(WORDPRESS_TOOLS.length);
  });

  it('offer the model every tool but the Undo and the Publish a person proposes (E4, U2)', () => {
    const registry = createRegistry([...WORDPRESS_TOOLS]);
    const offered = registry.definitions().map((d) => d.name);
    expect(offered).toHaveLength(WORDPRESS_TOOLS.length - 2);
    for (const name of ['wp_restore_entity', 'wp_publish_entity']) {
      expect(offered).not.toContain(name);
      expect(registry.get(name)?.personOnly).toBe(true);
      expect(registry.get(name)?.personNote).toMatch(/^used (Undo|Publish) in the panel/);
    }
  });

  it('are all classified, with the documented kinds', () => {
    const kinds = Object.fromEntries(
      WORDPRESS_TOOLS.map((t) => [
        t.name,
        `${t.classification!.kind}${t.classification!.destructive ? '!' : ''}`,
      ]),
    );
    expect(kinds).toEqual({
      wp_search_content: 'read',
      wp_get_entity: 'read',
      wp_list_types: 'read',
      wp_list_terms: 'read',
      wp_list_media: 'read',
      wp_get_settings: 'read',
      wp_list_comments: 'read',
      wp_list_revisions: 'read',
      wp_create_draft: 'write',
      wp_update_post: 'write',
      wp_replace_post: 'write',
      wp_set_status: 'write',
      wp_update_settings: 'write',
      wp_trash_entity: 'delete',
      wp_delete_entity: 'delete!',
      wp_open_admin: 'run',
      wp_restore_entity: 'write',
      wp_publish_entity: 'write',
    });
    expect(WORDPRESS_TOOLS.filter((t) => t.classification!.whole).map((t) => t.name)).toEqual([
      'wp_replace_post',
    ]);
  });

  it('give every write a preview or a card, and a viewer rule with each preview', () => {
    for (const tool of WORDPRESS_TOOLS) {
      if (tool.preview) expect(tool.mayViewerReadPreview, tool.name).toBeTypeOf('function');
    }
    const previews = WORDPRESS_TOOLS.filter((t) => t.preview).map((t) => t.name);
    expect(previews).toEqual([
      'wp_update_post',
      'wp_replace_post',
      'wp_set_status',
      'wp_update_settings',
      'wp_trash_entity',
      'wp_delete_entity',
      'wp_restore_entity',
      'wp_publish_entity',
    ]);
  });

  it('refuse malformed input through their schemas (T5)', () => {
    const registry = createRegistry([...WORDPRESS_TOOLS]);
    const bad: [string, unknown][] = [
      ['wp_update_post', { type: 'post', id: '4', title: 'x' }],
      ['wp_update_post', { type: 'post', id: 4 }],
      ['wp_update_post', { type: 'Post Type', id: 4, title: 'x' }],
      ['wp_update_post', { type: 'post', id: -1, title: 'x' }],
      ['wp_update_post', { type: 'post', id: 4, title: 'x'.repeat(1001) }],
      ['wp_update_post', { type: 'post', id: 4, content: 'x'.repeat(500_001) }],
      ['wp_update_post', { type: 'post', id: 4, slug: 'Not A Slug' }],
      ['wp_update_post', { type: 'post', id: 4, categories: Array(101).fill(1) }],
      ['wp_update_post', { type: 'post', id: 4, title: 'x', status: 'publish' }],
      ['wp_create_draft', { type: 'post' }],
      ['wp_create_draft', { title: 'x', meta: {} }],
      ['wp_create_draft', { title: 'x', status: 'publish' }],
      ['wp_set_status', { type: 'post', id: 4, status: 'future' }],
      [
        'wp_set_status',
        { type: 'post', id: 4, status: 'publish', publish_at: '2030-01-01T10:00:00Z' },
      ],
      [
        'wp_set_status',
        { type: 'post', id: 4, status: 'future', publish_at: '2001-01-01T10:00:00Z' },
      ],
      ['wp_set_status', { type: 'post', id: 4, status: 'trash' }],
      ['wp_update_settings', {}],
      ['wp_update_settings', { posts_per_page: 0 }],
      ['wp_update_settings', { title: 'A &foo; B' }],
      ['wp_update_settings', { date_format: 'Y <b>' }],
      ['wp_update_settings', { url: 'http://evil.test' }],
      ['wp_update_settings', { email: 'not-an-email' }],
      ['wp_search_content', { query: '' }],
      ['wp_search_content', { query: 'x'.repeat(201) }],
      ['wp_open_admin', { path: 42 }],
      ['wp_list_comments', { type: 'post', id: 4, status: 'everything' }],
    ];
    for (const [name, input] of bad) {
      expect(
        registry.validate(name, input).ok,
        `${name} ${JSON.stringify(input).slice(0, 80)}`,
      ).toBe(false);
    }
  });

  it('refuse unknown keys on every tool (T5: nothing is silently dropped)', () => {
    const registry = createRegistry([...WORDPRESS_TOOLS]);
    for (const tool of WORDPRESS_TOOLS) {
      expect(registry.validate(tool.name, { unexpected_key: 1 }).ok, tool.name).toBe(false);
      expect(registry.validate(tool.name, 'not an object').ok, tool.name).toBe(false);
    }
  });
});
