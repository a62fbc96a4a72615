// Card data (C1, C3, C5), publishing from a result card (U1, U2) and wp_open_admin (R5).
import { describe, expect, it } from 'vitest';
import { as, makePost, run, seed, stored, tool } from './support';
import { wordpressAdapter } from '../../../src/cms/wordpress/wordpress-adapter';

describe('card data, publish and admin navigation', () => {
  it('C3: names media arguments with a thumbnail, only for media the account may view', async () => {
    const author = await as('author1');
    const media = await wordpressAdapter.describeMediaArgs(author.ctx, tool('wp_update_post'), {
      type: 'post',
      id: 1,
      featured_media: seed.media.image,
    });
    expect(media['featured_media']).toEqual([
      expect.objectContaining({
        id: seed.media.image,
        mimeType: expect.stringMatching(/^image\//),
        thumbnailUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/wp-content\/uploads\//),
      }),
    ]);
    const none = await wordpressAdapter.describeMediaArgs(author.ctx, tool('wp_update_settings'), {
      site_icon: 987_654,
    });
    expect(none).toEqual({ site_icon: [] });
  });

  it('C5: says whether visitors see the entry after a write', async () => {
    const editor = await as('editor1');
    const draft = await makePost('editor1');
    expect(
      await wordpressAdapter.visibility(editor.ctx, { type: 'post', id: draft.id }),
    ).toMatchObject({
      visitorsSee: false,
      status: 'draft',
      summary: 'Draft: visitors see nothing until it is published.',
      published: null,
    });
    const live = await wordpressAdapter.visibility(editor.ctx, {
      type: 'post',
      id: seed.posts.published,
    });
    expect(live).toMatchObject({
      visitorsSee: true,
      summary: expect.stringMatching(/^Published: visitors see it at http/),
    });
  });

  it('U1/U2: publishes a draft as an account with the publish capability, naming the thread', async () => {
    const author = await as('author1');
    const draft = await makePost('author1');
    expect(await wordpressAdapter.mayPublish(author.ctx, { type: 'post', id: draft.id })).toEqual({
      ok: true,
    });
    const seen = await wordpressAdapter.visibility(author.ctx, { type: 'post', id: draft.id });
    const outcome = await wordpressAdapter.publish(
      author.ctx,
      { type: 'post', id: draft.id },
      seen.stamp,
    );
    expect(outcome).toMatchObject({
      kind: 'published',
      toolId: 'countersign:publish',
      threadId: 'thread-author1',
      input: { type: 'post', id: draft.id },
      result: { data: { status: 'publish', visitorsSee: true } },
    });
    expect((await stored(draft.id)).status).toBe('publish');
    expect(
      await wordpressAdapter.mayPublish(author.ctx, { type: 'post', id: draft.id }),
    ).toMatchObject({
      ok: false,
      reason: `Post ${draft.id} is publish, not a draft.`,
    });
  });

  it('U1/U2/C5: publishes nothing when the draft changed since its card, and says what changed', async () => {
    const author = await as('author1');
    const draft = await makePost('author1', { title: 'As reviewed', content: 'Reviewed body.' });
    const ref = { type: 'post', id: draft.id };
    const card = await wordpressAdapter.visibility(author.ctx, ref);
    expect(card.stamp?.fields).toContainEqual({
      key: 'title',
      label: 'Title',
      value: 'As reviewed',
    });
    // Between the result card and Publish, an administrator edits the draft.
    const admin = await as('admin');
    const edit = await admin.http.rest('POST', `/wp/v2/posts/${draft.id}`, {
      title: 'Changed later',
    });
    expect(edit.status).toBe(200);
    const refused = await wordpressAdapter.publish(author.ctx, ref, card.stamp);
    expect(refused).toMatchObject({
      kind: 'changed',
      changes: [{ key: 'title', label: 'Title', before: 'As reviewed', after: 'Changed later' }],
    });
    expect((await stored(draft.id)).status).toBe('draft');
    // Without a stamp nothing is published either: Publish always binds to a card.
    expect(await wordpressAdapter.publish(author.ctx, ref)).toMatchObject({ kind: 'changed' });
    expect((await stored(draft.id)).status).toBe('draft');
    // Asked again with the refreshed stamp, it publishes what the draft holds now.
    if (refused.kind !== 'changed') throw new Error('expected a refusal');
    const again = await wordpressAdapter.publish(author.ctx, ref, refused.stamp);
    expect(again).toMatchObject({ kind: 'published' });
    expect(await stored(draft.id)).toMatchObject({
      status: 'publish',
      title: { raw: 'Changed later' },
    });
  });

  it('U1: refuses publishing to a contributor and to accounts that may not edit the draft', async () => {
    const own = await makePost('contributor1');
    const contributor = await as('contributor1');
    expect(
      await wordpressAdapter.mayPublish(contributor.ctx, { type: 'post', id: own.id }),
    ).toEqual({
      ok: false,
      reason: 'Your account may not publish posts.',
    });
    await expect(
      wordpressAdapter.publish(contributor.ctx, { type: 'post', id: own.id }),
    ).rejects.toThrow('Your account may not publish posts.');
    const others = await makePost('editor1');
    expect(
      (
        await wordpressAdapter.mayPublish((await as('author1')).ctx, {
          type: 'post',
          id: others.id,
        })
      ).ok,
    ).toBe(false);
    expect((await stored(own.id)).status).toBe('draft');
    expect((await stored(others.id)).status).toBe('draft');
  });

  it('R5: wp_open_admin moves the tab inside wp-admin and refuses anything outside', async () => {
    const editor = await as('editor1');
    const outcome = await run(editor, 'wp_open_admin', {
      path: `post.php?post=${seed.posts.published}&action=edit`,
    });
    expect(outcome).toMatchObject({ stage: 'done' });
    expect(editor.navigated.at(-1)).toBe(
      `${seed.origins.primary.adminUrl}post.php?post=${seed.posts.published}&action=edit`,
    );
    const count = editor.navigated.length;
    for (const path of [
      'https://evil.test/',
      '/wp-login.php',
      '../index.php',
      'javascript:alert(1)',
    ]) {
      expect(await run(editor, 'wp_open_admin', { path })).toMatchObject({ stage: 'refused' });
    }
    expect((await run(editor, 'wp_open_admin', { path: ['edit.php'] })).stage).toBe('invalid');
    expect(editor.navigated).toHaveLength(count);
  });
});
