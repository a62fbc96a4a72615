// wp_set_status against the real site: publishing is live and needs the publish capability.
import { describe, expect, it } from 'vitest';
import { as, makePost, run, stored, tool } from './support';
import { factsNow } from '../../../src/tools/gate-pass';

describe('wp_set_status', () => {
  it.each(['admin', 'editor1', 'author1'] as const)(
    '%s publishes its own draft (live)',
    async (key) => {
      const post = await makePost(key);
      const outcome = await run(await as(key), 'wp_set_status', {
        type: 'post',
        id: post.id,
        status: 'publish',
      });
      expect(outcome).toMatchObject({
        stage: 'done',
        result: { data: { status: 'publish', visitorsSee: true } },
      });
      expect((await stored(post.id)).status).toBe('publish');
    },
  );

  it('refuses publishing for a contributor, who may still submit for review', async () => {
    const post = await makePost('contributor1');
    const contributor = await as('contributor1');
    for (const status of ['publish', 'private']) {
      expect(
        await run(contributor, 'wp_set_status', { type: 'post', id: post.id, status }),
      ).toMatchObject({
        stage: 'refused',
        message: 'Your account may not publish posts.',
      });
    }
    expect((await stored(post.id)).status).toBe('draft');
    await run(contributor, 'wp_set_status', { type: 'post', id: post.id, status: 'pending' });
    expect((await stored(post.id)).status).toBe('pending');
  });

  it('schedules with a UTC time, and takes a published post back to draft', async () => {
    const post = await makePost('editor1');
    const editor = await as('editor1');
    const at = '2031-05-06T07:08:09Z';
    await run(editor, 'wp_set_status', {
      type: 'post',
      id: post.id,
      status: 'future',
      publish_at: at,
    });
    expect(await stored(post.id)).toMatchObject({
      status: 'future',
      date_gmt: '2031-05-06T07:08:09',
    });
    await run(editor, 'wp_set_status', { type: 'post', id: post.id, status: 'draft' });
    expect((await stored(post.id)).status).toBe('draft');
  });

  it('refuses a no-op, another person’s post, unknown ids and malformed input', async () => {
    const post = await makePost('admin');
    const author = await as('author1');
    expect(
      await run(await as('admin'), 'wp_set_status', { type: 'post', id: post.id, status: 'draft' }),
    ).toMatchObject({
      stage: 'refused',
      message: `Post ${post.id} is already draft.`,
    });
    expect(
      await run(author, 'wp_set_status', { type: 'post', id: post.id, status: 'pending' }),
    ).toMatchObject({
      stage: 'refused',
    });
    expect(
      await run(author, 'wp_set_status', { type: 'post', id: 99_999_998, status: 'pending' }),
    ).toMatchObject({
      stage: 'refused',
    });
    for (const bad of [
      { type: 'post', id: post.id, status: 'trash' },
      { type: 'post', id: post.id, status: 'future' },
      { type: 'post', id: post.id, status: 'publish', publish_at: '2031-01-01T00:00:00Z' },
      { type: 'post', id: post.id, status: 'future', publish_at: '2031-01-01 00:00' },
    ]) {
      expect((await run(author, 'wp_set_status', bad)).stage).toBe('invalid');
    }
    expect((await stored(post.id)).status).toBe('draft');
  });

  it('G10: a filtered account may not re-save an entry holding markup it may not use', async () => {
    const post = await makePost('admin', { content: '<p>x</p><script>track()</script>' });
    const outcome = await run(await as('editor2'), 'wp_set_status', {
      type: 'post',
      id: post.id,
      status: 'publish',
    });
    expect(outcome).toMatchObject({ stage: 'guard', fields: ['content'] });
    expect(await stored(post.id)).toMatchObject({
      status: 'draft',
      content: { raw: '<p>x</p><script>track()</script>' },
    });
  });

  it('gives a card that says the change goes live, a preview, and draft facts', async () => {
    const post = await makePost('editor1', { title: 'Going live' });
    const editor = await as('editor1');
    const input = { type: 'post', id: post.id, status: 'publish' };
    const card = await tool('wp_set_status').card!(editor.ctx, input);
    expect(card).toMatchObject({
      lands: 'live',
      fields: [{ key: 'status', label: 'Status', current: { raw: 'draft' }, proposed: 'publish' }],
    });
    expect(await tool('wp_set_status').preview!(editor.ctx, input)).toEqual([
      'Post "Going live": status draft → publish; visitors see it at once.',
    ]);
    const facts = await factsNow(tool('wp_set_status'), editor.ctx, input);
    expect(tool('wp_set_status').classification!.draft!(input, facts)).toBe(false);
    expect(
      tool('wp_set_status').classification!.draft!({ ...input, status: 'pending' }, facts),
    ).toBe(true);
  });
});
