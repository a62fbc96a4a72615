import { describe, expect, it } from 'vitest';
import { changesSince, same } from '../../../../src/cms/wordpress/undo-compare';
import type { WpPost } from '../../../../src/cms/wordpress/schemas/post';

const post = (over: Partial<WpPost> = {}): WpPost =>
  ({
    id: 5,
    type: 'post',
    status: 'publish',
    slug: 'hello',
    modified_gmt: '2026-01-01T10:00:00',
    title: { raw: 'After', rendered: 'After' },
    content: { raw: '<p>Body</p>', rendered: '<p>Body</p>' },
    categories: [3, 1],
    meta: { subtitle: 'x' },
    ...over,
  }) as WpPost;

const expected = {
  status: 'publish',
  modified: '2026-01-01T10:00:00',
  fields: { title: 'After', categories: [1, 3], meta: { subtitle: 'x' } },
};

describe('changesSince (E4: Undo only while the entity is as the write left it)', () => {
  it('finds nothing when status, fields and modified time are as the write left them', () => {
    expect(changesSince(post(), expected)).toEqual([]);
  });

  it('names each change: status, a field, a meta value, a later save', () => {
    const changed = post({
      status: 'draft',
      title: { raw: 'Someone else’s   title', rendered: '' },
      meta: { subtitle: 'y' },
      modified_gmt: '2026-01-01T11:00:00',
    });
    expect(changesSince(changed, expected)).toEqual([
      'its status is now draft (it was publish after the change)',
      'the title is now “Someone else’s title”',
      'meta subtitle is now “y”',
      'it was saved again since (last modified 2026-01-01T11:00:00 UTC)',
    ]);
  });

  it('notices a change that leaves the modified time alone (terms), and cuts long values', () => {
    const long = 'x'.repeat(200);
    const changes = changesSince(
      post({ categories: [4], title: { raw: long, rendered: '' } }),
      expected,
    );
    expect(changes).toHaveLength(2);
    expect(changes[0]).toMatch(/^the title is now “x{77}…”$/);
    expect(changes[1]).toBe('the categories are now “[4]”');
  });

  it('compares term lists as sets and treats missing as null', () => {
    expect(same([1, 3], [3, 1])).toBe(true);
    expect(same(undefined, null)).toBe(true);
    expect(same('a', 'b')).toBe(false);
  });
});
