// wp_update_post (a patch) against the real site as each role: what is stored afterwards,
// refusals before any write, and G10 for accounts without unfiltered_html.
import { describe, expect, it } from 'vitest';
import { as, makePost, run, seed, stored, tool } from './support';
import { factsNow } from '../../../src/tools/gate-pass';

const update = (input: Record<string, unknown>) => ({ type: 'post', ...input });

/** Asserts a refusal left the post exactly as it was (never a half-applied write). */
async function unchangedAfter(id: number, attempt: () => Promise<{ stage: string }>) {
  const before = await stored(id);
  const outcome = await attempt();
  expect(await stored(id)).toEqual(before);
  return outcome;
}

describe('wp_update_post', () => {
  it.each(['admin', 'editor1', 'editor2'] as const)(
    '%s patches another person’s published post',
    async (key) => {
      const post = await makePost('author1', {
        status: 'draft',
        content: '<p>Body</p>',
        excerpt: 'Ex',
      });
      await (await as('admin')).http.rest('POST', `/wp/v2/posts/${post.id}`, { status: 'publish' });
      const outcome = await run(
        await as(key),
        'wp_update_post',
        update({ id: post.id, title: `By ${key}` }),
      );
      expect(outcome).toMatchObject({
        stage: 'done',
        result: { data: { status: 'publish', visitorsSee: true } },
      });
      const after = await stored(post.id);
      expect(after.title.raw).toBe(`By ${key}`);
      expect(after.content.raw).toBe('<p>Body</p>');
      expect(after.excerpt.raw).toBe('Ex');
    },
  );

  it('lets an author patch their own draft, and a contributor their own pending post', async () => {
    const draft = await makePost('author1');
    await run(
      await as('author1'),
      'wp_update_post',
      update({ id: draft.id, content: '<p>New</p>' }),
    );
    expect((await stored(draft.id)).content.raw).toBe('<p>New</p>');
    const pending = await makePost('contributor1', { status: 'pending' });
    await run(await as('contributor1'), 'wp_update_post', update({ id: pending.id, excerpt: 'E' }));
    expect((await stored(pending.id)).excerpt.raw).toBe('E');
  });

  it.each([
    ['author1', 'another person’s post', () => makePost('admin'), /may not edit post/],
    [
      'author1',
      'another person’s private post',
      () => makePost('admin', { status: 'private' }),
      /may not edit post/,
    ],
    [
      'contributor1',
      'its own published post',
      () => makePost('admin', { status: 'publish', author: seed.users.contributor1.id }),
      /may not edit post/,
    ],
    ['contributor1', 'a page', () => makePost('admin', {}, 'pages'), /cannot edit pages/],
  ] as const)('refuses %s on %s before any write', async (key, _what, create, reason) => {
    const post = await create();
    const type = reason.source.includes('pages') ? 'page' : 'post';
    const base = type === 'page' ? 'pages' : 'posts';
    const before = await stored(post.id, base);
    const outcome = await run(await as(key), 'wp_update_post', {
      type,
      id: post.id,
      title: 'Hijacked',
    });
    expect(outcome).toMatchObject({ stage: 'refused', message: expect.stringMatching(reason) });
    expect(await stored(post.id, base)).toEqual(before);
  });

  it('refuses unknown ids and types, and malformed input', async () => {
    const editor = await as('editor1');
    expect(
      await run(editor, 'wp_update_post', update({ id: 99_999_999, title: 'x' })),
    ).toMatchObject({
      stage: 'refused',
      message: 'There is no post with id 99999999.',
    });
    expect(await run(editor, 'wp_update_post', { type: 'nope', id: 4, title: 'x' })).toMatchObject({
      stage: 'refused',
      message: expect.stringMatching(/no post type "nope"/),
    });
    expect(
      await run(editor, 'wp_update_post', { type: 'attachment', id: seed.media.image, title: 'x' }),
    ).toMatchObject({ stage: 'refused' });
    for (const bad of [
      update({ id: '4', title: 'x' }),
      update({ id: 4 }),
      update({ id: 4, title: ['x'] }),
      update({ id: 4, title: 'x'.repeat(1001) }),
      update({ id: 4, categories: 'news' }),
      update({ id: 4, meta: { key: { nested: true } } }),
    ]) {
      expect((await run(editor, 'wp_update_post', bad)).stage).toBe('invalid');
    }
  });

  it('refuses values WordPress would silently drop, changing nothing', async () => {
    const post = await makePost('editor1', { title: 'Keep' });
    const editor = await as('editor1');
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ title: 'New', categories: [seed.categories.news, 987_654] }, /no category with id 987654/],
      [{ title: 'New', tags: [987_653] }, /no tag with id 987653/],
      [{ title: 'New', featured_media: seed.posts.published }, /no image with id/],
      [{ title: 'New', meta: { not_registered: 'x' } }, /not exposed to REST/],
    ];
    for (const [values, reason] of cases) {
      const outcome = await unchangedAfter(post.id, () =>
        run(editor, 'wp_update_post', update({ id: post.id, ...values })),
      );
      expect(outcome).toMatchObject({ stage: 'refused', message: expect.stringMatching(reason) });
    }
    const page = await makePost('editor1', {}, 'pages');
    expect(
      await run(editor, 'wp_update_post', { type: 'page', id: page.id, categories: [1] }),
    ).toMatchObject({
      stage: 'refused',
      message: 'Pages have no categories.',
    });
  });

  it('sets categories, tags and a featured image that exist', async () => {
    const post = await makePost('editor1');
    const values = {
      categories: [seed.categories.news],
      tags: [seed.tags.alpha],
      featured_media: seed.media.image,
    };
    await run(await as('editor1'), 'wp_update_post', update({ id: post.id, ...values }));
    expect(await stored(post.id)).toMatchObject(values);
  });

  it('G10: refuses markup editor2 may not use, naming the field; editor1 stores it', async () => {
    const post = await makePost('editor1', { content: '<p>Safe</p>' });
    const html = '<p onclick="steal()">Hi</p><script>alert(1)</script>';
    const outcome = await unchangedAfter(post.id, () =>
      as('editor2').then((editor2) =>
        run(editor2, 'wp_update_post', update({ id: post.id, content: html })),
      ),
    );
    expect(outcome).toMatchObject({ stage: 'guard', fields: ['content'] });
    expect((outcome as unknown as { message: string }).message).toMatch(
      /the content field uses the onclick attribute on <p>; the <script> tag/,
    );
    await run(await as('editor1'), 'wp_update_post', update({ id: post.id, content: html }));
    expect((await stored(post.id)).content.raw).toBe(html);
  });

  it('G10: refuses a filtered save that would strip markup another person put in an untouched field', async () => {
    const post = await makePost('admin', {
      content: '<p>Video</p><iframe src="https://example.test/v"></iframe>',
    });
    const outcome = await unchangedAfter(post.id, () =>
      as('editor2').then((editor2) =>
        run(editor2, 'wp_update_post', update({ id: post.id, title: 'Only the title' })),
      ),
    );
    expect(outcome).toMatchObject({ stage: 'guard', fields: ['content'] });
    expect((outcome as unknown as { message: string }).message).toMatch(
      /content field, which this call leaves as it is, already holds the <iframe> tag/,
    );
  });

  it('builds card data, facts and a preview from the entry as it is', async () => {
    const post = await makePost('editor1', { title: 'Old <em>title</em>', content: '<p>Old</p>' });
    const editor = await as('editor1');
    const input = update({ id: post.id, title: 'New title', excerpt: 'New excerpt' });
    const card = await tool('wp_update_post').card!(editor.ctx, input);
    expect(card).toMatchObject({
      entity: {
        ref: { type: 'post', id: post.id },
        typeLabel: 'Post',
        title: 'Old title',
        status: 'draft',
      },
      lands: 'draft',
      fields: [
        {
          key: 'title',
          label: 'Title',
          format: 'text',
          current: { raw: 'Old <em>title</em>', rendered: 'Old <em>title</em>' },
          proposed: 'New title',
        },
        {
          key: 'excerpt',
          label: 'Excerpt',
          format: 'html',
          current: { raw: '' },
          proposed: 'New excerpt',
        },
      ],
    });
    const facts = await factsNow(tool('wp_update_post'), editor.ctx, input);
    expect(facts.entity).toMatchObject({
      id: post.id,
      type: 'post',
      status: 'draft',
      authorId: seed.users.editor1.id,
    });
    const lines = await tool('wp_update_post').preview!(editor.ctx, input);
    expect(lines).toEqual([
      'Post "Old title" (draft): a draft; visitors see nothing.',
      'Title: replaces "Old <em>title</em>" with "New title".',
      'Excerpt: replaces empty with "New excerpt".',
    ]);
  });
});
