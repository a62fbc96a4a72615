// Card data (C1, C3, C5), the publish tool a result card's Publish proposes (U1, U2) and
// wp_open_admin (R5). The draft-changed check of a Publish click: tests/e2e/panel-cards.spec.ts (b2).
import { describe, expect, it } from 'vitest';
import { as, makePost, run, runOk, seed, stored, tool } from './support';
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

  it('U1/U2: wp_publish_entity publishes a draft as an account with the publish capability, with an Undo', async () => {
    const author = await as('author1');
    const draft = await makePost('author1');
    const call = wordpressAdapter.publishCall('rec-1', { type: 'post', id: draft.id });
    expect(call).toEqual({
      tool: 'wp_publish_entity',
      input: { type: 'post', id: draft.id, from: 'rec-1' },
    });
    expect(tool('wp_publish_entity')).toMatchObject({
      personOnly: true,
      classification: { kind: 'write', destructive: false },
    });
    const result = await runOk(author, 'wp_publish_entity', call.input);
    expect(result).toMatchObject({
      summary: expect.stringMatching(/^Published post/),
      data: { status: 'publish', visitorsSee: true },
      undo: { before: { status: 'draft' }, after: { status: 'publish' } },
    });
    expect((await stored(draft.id)).status).toBe('publish');
    // Published now: a second publish is refused before any card (G5).
    expect(await run(author, 'wp_publish_entity', call.input)).toEqual({
      stage: 'refused',
      message: `Post ${draft.id} is publish, not a draft.`,
    });
  });

  it('U1: refuses publishing to a contributor and to accounts that may not edit the draft', async () => {
    const own = await makePost('contributor1');
    const contributor = await as('contributor1');
    expect(
      await run(contributor, 'wp_publish_entity', { type: 'post', id: own.id, from: 'rec-2' }),
    ).toEqual({ stage: 'refused', message: 'Your account may not publish posts.' });
    const others = await makePost('editor1');
    expect(
      (
        await run(await as('author1'), 'wp_publish_entity', {
          type: 'post',
          id: others.id,
          from: 'rec-3',
        })
      ).stage,
    ).toBe('refused');
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
