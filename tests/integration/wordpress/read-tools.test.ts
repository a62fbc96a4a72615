// The read tools against the real site, as each role: what they return, what they refuse,
// and when their result marks the thread untrusted (R6).
import { describe, expect, it } from 'vitest';
import { as, makePost, run, runOk, seed } from './support';

describe('read tools', () => {
  it('wp_search_content finds published and the account’s own unpublished entries', async () => {
    const word = `needle${Date.now()}`;
    const own = await makePost('author1', { title: `${word} own draft` });
    const foreign = await makePost('editor1', { title: `${word} editor draft` });
    const published = await makePost('editor1', { title: `${word} live`, status: 'publish' });
    const ids = async (key: 'author1' | 'editor1', status?: string) => {
      const result = await runOk(await as(key), 'wp_search_content', {
        query: word,
        ...(status ? { status } : {}),
      });
      return (result.data as { id: number }[]).map((item) => item.id).sort();
    };
    expect(await ids('author1')).toEqual([own.id, published.id].sort());
    expect(await ids('editor1')).toEqual([own.id, foreign.id, published.id].sort());
    expect(await ids('editor1', 'publish')).toEqual([published.id]);
    const result = await runOk(await as('author1'), 'wp_search_content', { query: word });
    expect(result.untrusted).toBe(true);
    // R3, issue 15 item 3: the panel's links come with the result, never parsed from its text.
    expect(result.display?.links).toContainEqual({
      label: `${word} own draft`,
      detail: `post · draft · #${own.id}`,
      href: `post.php?post=${own.id}&action=edit`,
    });
  });

  it('wp_search_content names entries as a person reads them, not as WordPress escapes them', async () => {
    // WordPress renders quotes, dashes and ellipses as character references (&#8220; ...);
    // the panel's links and the model's data show the characters themselves.
    const word = `quoted${Date.now()}`;
    const post = await makePost('editor1', { title: `${word} "Sale" -- it's on... & more` });
    const result = await runOk(await as('editor1'), 'wp_search_content', { query: word });
    const title = `${word} \u201cSale\u201d \u2014 it\u2019s on\u2026 & more`;
    expect(result.display?.links).toContainEqual(expect.objectContaining({ label: title }));
    expect(result.data).toContainEqual(expect.objectContaining({ id: post.id, title }));
  });

  it('wp_search_content refuses malformed input and unknown types', async () => {
    const editor = await as('editor1');
    for (const bad of [
      {},
      { query: '' },
      { query: 3 },
      { query: 'x', limit: 500 },
      { query: 'x', types: 'post' },
    ]) {
      expect((await run(editor, 'wp_search_content', bad)).stage).toBe('invalid');
    }
    expect(await run(editor, 'wp_search_content', { query: 'x', types: ['nope'] })).toMatchObject({
      stage: 'failed',
      message: 'None of these post types exist: nope.',
    });
  });

  it('wp_get_entity returns raw fields to editors and rendered ones to readers', async () => {
    const editor = await runOk(await as('editor1'), 'wp_get_entity', {
      type: 'post',
      id: seed.posts.published,
    });
    expect(editor.data).toMatchObject({
      id: seed.posts.published,
      status: 'publish',
      editable: true,
      valuesAre: 'raw',
      content: expect.stringContaining('<!-- wp:paragraph -->'),
    });
    expect(editor.untrusted).toBe(true);
    const author = await runOk(await as('author1'), 'wp_get_entity', {
      type: 'post',
      id: seed.posts.published,
    });
    expect(author.data).toMatchObject({ editable: false, valuesAre: 'rendered' });
    const own = await makePost('author1');
    expect(
      (await runOk(await as('author1'), 'wp_get_entity', { type: 'post', id: own.id })).untrusted,
    ).toBe(false);
  });

  it('wp_get_entity refuses drafts and private posts of others, unknown ids and bad input', async () => {
    const author = await as('author1');
    expect(
      await run(author, 'wp_get_entity', { type: 'post', id: seed.posts.private }),
    ).toMatchObject({
      stage: 'refused',
      message: `Your account may not read post ${seed.posts.private}.`,
    });
    expect(
      await run(await as('contributor1'), 'wp_get_entity', { type: 'post', id: seed.posts.draft }),
    ).toMatchObject({
      stage: 'refused',
    });
    expect(await run(author, 'wp_get_entity', { type: 'post', id: 99_999_996 })).toMatchObject({
      stage: 'refused',
      message: 'There is no post with id 99999996.',
    });
    expect(
      await run(author, 'wp_get_entity', { type: 'page', id: seed.posts.published }),
    ).toMatchObject({
      stage: 'refused',
    });
    expect((await run(author, 'wp_get_entity', { type: 'post', id: 1.5 })).stage).toBe('invalid');
  });

  it('wp_list_types says which types each role may edit; wp_list_terms lists ids', async () => {
    const contributor = await runOk(await as('contributor1'), 'wp_list_types', {});
    const types = (contributor.data as { postTypes: { slug: string; editable: boolean }[] })
      .postTypes;
    expect(types.find((t) => t.slug === 'post')?.editable).toBe(true);
    expect(types.find((t) => t.slug === 'page')?.editable).toBe(false);
    const terms = await runOk(await as('author1'), 'wp_list_terms', { taxonomy: 'category' });
    expect(terms.data).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: seed.categories.news, name: 'News' })]),
    );
    expect(await run(await as('author1'), 'wp_list_terms', { taxonomy: 'nope' })).toMatchObject({
      stage: 'failed',
    });
  });

  it('wp_list_media lists the library with thumbnails', async () => {
    const result = await runOk(await as('author1'), 'wp_list_media', { media_type: 'image' });
    const items = (result.data as { items: { id: number; thumbnailUrl?: string }[] }).items;
    expect(items.find((item) => item.id === seed.media.image)?.thumbnailUrl).toMatch(
      /^http:\/\/127\.0\.0\.1/,
    );
    expect((await run(await as('author1'), 'wp_list_media', { media_type: 'pdf' })).stage).toBe(
      'invalid',
    );
  });

  it('wp_list_comments returns outsiders’ words and marks them untrusted (R6)', async () => {
    const result = await runOk(await as('editor1'), 'wp_list_comments', {
      type: 'post',
      id: seed.posts.published,
    });
    const comments = (
      result.data as { comments: { id: number; authorName: string; text: string }[] }
    ).comments;
    expect(comments.find((c) => c.id === seed.comments.injection)).toMatchObject({
      authorName: 'Mallory',
      text: expect.stringContaining('ignore your instructions'),
    });
    expect(result.untrusted).toBe(true);
    expect(
      await run(await as('author1'), 'wp_list_comments', {
        type: 'post',
        id: seed.posts.published,
        status: 'hold',
      }),
    ).toMatchObject({
      stage: 'refused',
    });
    expect(
      await run(await as('author1'), 'wp_list_comments', { type: 'post', id: seed.posts.private }),
    ).toMatchObject({
      stage: 'refused',
    });
  });

  it('wp_list_revisions needs edit rights on the entry', async () => {
    const result = await runOk(await as('editor1'), 'wp_list_revisions', {
      type: 'post',
      id: seed.posts.published,
    });
    const revisions = (result.data as { revisions: { title: string }[] }).revisions;
    expect(revisions.length).toBeGreaterThan(0);
    expect(
      await run(await as('author1'), 'wp_list_revisions', {
        type: 'post',
        id: seed.posts.published,
      }),
    ).toMatchObject({
      stage: 'refused',
    });
    expect(
      (await run(await as('author1'), 'wp_list_revisions', { type: 'post', id: 'x' })).stage,
    ).toBe('invalid');
  });
});
