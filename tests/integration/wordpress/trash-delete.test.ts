// wp_trash_entity and wp_delete_entity against the real site, with core's delete rules.
import { describe, expect, it } from 'vitest';
import { as, makePost, run, tool } from './support';

async function statusOf(id: number): Promise<string | number> {
  const response = await (
    await as('admin')
  ).http.rest<{ status: string }>('GET', `/wp/v2/posts/${id}?context=edit`);
  return response.status === 200 ? response.body.status : response.status;
}

describe('wp_trash_entity and wp_delete_entity', () => {
  it.each(['admin', 'editor1'] as const)(
    '%s trashes another person’s published post, then deletes it',
    async (key) => {
      const post = await makePost('author1', { status: 'publish' });
      const actor = await as(key);
      expect(await run(actor, 'wp_trash_entity', { type: 'post', id: post.id })).toMatchObject({
        stage: 'done',
        result: { data: { status: 'trash', visitorsSee: false } },
      });
      expect(await statusOf(post.id)).toBe('trash');
      expect(await run(actor, 'wp_trash_entity', { type: 'post', id: post.id })).toMatchObject({
        stage: 'refused',
        message: `Post ${post.id} is already in the trash.`,
      });
      expect(await run(actor, 'wp_delete_entity', { type: 'post', id: post.id })).toMatchObject({
        stage: 'done',
        result: { data: { deleted: true } },
      });
      expect(await statusOf(post.id)).toBe(404);
    },
  );

  it('lets an author trash its own published post but not another person’s', async () => {
    const own = await makePost('author1', { status: 'publish' });
    const others = await makePost('editor1', { status: 'publish' });
    const author = await as('author1');
    expect((await run(author, 'wp_trash_entity', { type: 'post', id: own.id })).stage).toBe('done');
    expect(await run(author, 'wp_delete_entity', { type: 'post', id: others.id })).toMatchObject({
      stage: 'refused',
    });
    expect(await statusOf(others.id)).toBe('publish');
  });

  it('lets a contributor delete its own draft but not its published post', async () => {
    const draft = await makePost('contributor1');
    const contributor = await as('contributor1');
    expect((await run(contributor, 'wp_delete_entity', { type: 'post', id: draft.id })).stage).toBe(
      'done',
    );
    expect(await statusOf(draft.id)).toBe(404);
    const published = await makePost('admin', {
      status: 'publish',
      author: contributor.ctx.user.id,
    });
    expect(
      await run(contributor, 'wp_trash_entity', { type: 'post', id: published.id }),
    ).toMatchObject({
      stage: 'refused',
    });
    expect(await statusOf(published.id)).toBe('publish');
  });

  it('refuses unknown ids, other types and malformed input', async () => {
    const editor = await as('editor1');
    expect(await run(editor, 'wp_delete_entity', { type: 'post', id: 99_999_997 })).toMatchObject({
      stage: 'refused',
      message: 'There is no post with id 99999997.',
    });
    expect((await run(editor, 'wp_trash_entity', { type: 'post', id: 0 })).stage).toBe('invalid');
    expect((await run(editor, 'wp_trash_entity', { type: 'post', id: 1, force: true })).stage).toBe(
      'invalid',
    );
    const secret = await makePost('admin', { status: 'private' });
    for (const name of [
      'wp_trash_entity',
      'wp_delete_entity',
      'wp_set_status',
      'wp_replace_post',
    ]) {
      const input = {
        type: 'post',
        id: secret.id,
        ...(name === 'wp_set_status' ? { status: 'draft' } : {}),
      };
      expect(await run(await as('author1'), name, input), name).toMatchObject({
        stage: 'refused',
        message: `Your account may not edit post ${secret.id}.`,
      });
    }
    expect(await statusOf(secret.id)).toBe('private');
    const page = await makePost('admin', {}, 'pages');
    expect(
      await run(await as('author1'), 'wp_trash_entity', { type: 'page', id: page.id }),
    ).toMatchObject({
      stage: 'refused',
      message: 'Your account cannot edit pages.',
    });
  });

  it('G10: a filtered account may not trash an entry whose markup trashing would strip', async () => {
    const post = await makePost('admin', {
      status: 'publish',
      content: '<iframe src="https://x.test/"></iframe>',
    });
    expect(
      await run(await as('editor2'), 'wp_trash_entity', { type: 'post', id: post.id }),
    ).toMatchObject({
      stage: 'guard',
      fields: ['content'],
    });
    expect(await statusOf(post.id)).toBe('publish');
  });

  it('previews what it removes and says deletion cannot be undone', async () => {
    const post = await makePost('editor1', { title: 'Doomed', status: 'publish' });
    const editor = await as('editor1');
    expect(
      await tool('wp_trash_entity').preview!(editor.ctx, { type: 'post', id: post.id }),
    ).toEqual(['Post "Doomed": status publish → trash; it leaves the site and goes to the trash.']);
    const [line] = await tool('wp_delete_entity').preview!(editor.ctx, {
      type: 'post',
      id: post.id,
    });
    expect(line).toMatch(/^Deletes post "Doomed" \(publish\) permanently.*cannot be restored/);
  });
});
