import { describe, expect, it } from 'vitest';
import { checkWholeState } from '../../../../src/cms/wordpress/whole-state';

const replace = {
  name: 'wp_replace_post',
  classification: { kind: 'write' as const, destructive: false, whole: true },
};
const current = {
  title: 'Hello',
  content: '<p>Body</p>',
  excerpt: '',
  slug: 'hello',
  categories: [1],
  tags: [],
  featured_media: 0,
};

/** G9: a whole-state write names every field that holds a value and is missing. */
describe('checkWholeState (G9)', () => {
  it('refuses missing fields that hold a value, naming them', () => {
    const result = checkWholeState(replace, { title: 'New' }, current);
    expect(result).toMatchObject({ ok: false, fields: ['content', 'slug', 'categories'] });
    if (!result.ok) expect(result.message).toContain('content, slug, categories');
  });

  it('accepts explicit empty values as deliberate clears', () => {
    const input = { title: '', content: '', slug: 'hello', categories: [] };
    expect(checkWholeState(replace, input, current)).toEqual({ ok: true });
  });

  it('does not ask for fields that are empty today', () => {
    const input = { title: 'T', content: 'C', slug: 's', categories: [2] };
    expect(checkWholeState(replace, input, current)).toEqual({ ok: true });
  });

  it('checks nested meta key by key', () => {
    const withMeta = { ...current, meta: { subtitle: 'Sub', empty: '' } };
    const input = { title: 'T', content: 'C', slug: 's', categories: [2], meta: { other: 'x' } };
    expect(checkWholeState(replace, input, withMeta)).toMatchObject({
      ok: false,
      fields: ['meta.subtitle'],
    });
  });

  it('leaves patch tools alone', () => {
    const patch = {
      name: 'wp_update_post',
      classification: { kind: 'write' as const, destructive: false },
    };
    expect(checkWholeState(patch, { title: 'x' }, current)).toEqual({ ok: true });
  });
});
