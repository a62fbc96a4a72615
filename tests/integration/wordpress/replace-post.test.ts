// wp_replace_post (whole state, G9) against the real site.
import { describe, expect, it } from 'vitest';
import { as, makePost, run, seed, stored } from './support';

async function fullPost() {
  return makePost('editor1', {
    title: 'Whole',
    content: '<p>Body</p>',
    excerpt: 'Short',
    slug: `whole-${Date.now()}`,
    categories: [seed.categories.news],
    tags: [seed.tags.alpha],
  });
}

describe('wp_replace_post (G9)', () => {
  it('refuses before any card when fields holding a value are missing, naming them', async () => {
    const post = await fullPost();
    const before = await stored(post.id);
    const outcome = await run(await as('editor1'), 'wp_replace_post', {
      type: 'post',
      id: post.id,
      title: 'Only a title',
    });
    expect(outcome).toMatchObject({
      stage: 'guard',
      fields: ['content', 'excerpt', 'slug', 'categories', 'tags'],
    });
    expect((outcome as unknown as { message: string }).message).toMatch(
      /missing from the input: content, excerpt, slug, categories, tags\./,
    );
    expect(await stored(post.id)).toEqual(before);
  });

  it('replaces the whole state; explicit empty values clear fields on purpose', async () => {
    const post = await fullPost();
    const input = {
      type: 'post',
      id: post.id,
      title: 'Replaced',
      content: '<p>New body</p>',
      excerpt: '',
      slug: post.slug,
      categories: [seed.categories.testing],
      tags: [],
    };
    expect(await run(await as('editor1'), 'wp_replace_post', input)).toMatchObject({
      stage: 'done',
    });
    expect(await stored(post.id)).toMatchObject({
      title: { raw: 'Replaced' },
      content: { raw: '<p>New body</p>' },
      excerpt: { raw: '' },
      categories: [seed.categories.testing],
      tags: [],
    });
  });

  it('does not ask for fields that are empty today', async () => {
    const post = await makePost('author1', { title: 'Bare', content: '' });
    const input = { type: 'post', id: post.id, title: 'Bare 2', categories: post.categories };
    expect(await run(await as('author1'), 'wp_replace_post', input)).toMatchObject({
      stage: 'done',
    });
    expect((await stored(post.id)).title.raw).toBe('Bare 2');
  });

  it('refuses another person’s post for an author, and malformed input', async () => {
    const post = await fullPost();
    const author = await as('author1');
    expect(
      await run(author, 'wp_replace_post', { type: 'post', id: post.id, title: 'x' }),
    ).toMatchObject({
      stage: 'refused',
    });
    expect(
      (await run(author, 'wp_replace_post', { type: 'post', id: post.id, tags: [-1] })).stage,
    ).toBe('invalid');
  });
});
