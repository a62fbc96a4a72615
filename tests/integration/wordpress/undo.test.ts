// E4 Undo against the real site: wp_restore_entity puts back what a write recorded.
import { describe, expect, it } from 'vitest';
import { UndoStateSchema } from '../../../src/audit';
import { undoCallFor } from '../../../src/cms/wordpress/person-calls';
import { as, makePost, run, runOk, stored, tool } from './support';

async function undoOf(result: { undo?: unknown }, recordId = 'rec-1') {
  const state = UndoStateSchema.parse(result.undo);
  return undoCallFor(recordId, state).input;
}

async function comment(post: number, status: 'approved' | 'hold') {
  const admin = await as('admin');
  const response = await admin.http.rest<{ id: number }>('POST', '/wp/v2/comments', {
    post,
    content: `A comment ${Math.random().toString(36).slice(2, 6)}`,
    status,
  });
  if (response.status !== 201) throw new Error(`comment: ${response.text.slice(0, 200)}`);
  return response.body.id;
}

async function commentStatus(id: number): Promise<string> {
  const admin = await as('admin');
  const response = await admin.http.rest<{ status: string }>(
    'GET',
    `/wp/v2/comments/${id}?context=edit`,
  );
  return response.body.status;
}

describe('wp_restore_entity (Undo)', () => {
  it('puts back the title and content an update replaced, on a live post', async () => {
    const post = await makePost('author1', {
      status: 'publish',
      title: 'Before title',
      content: '<!-- wp:paragraph --><p>Before body</p><!-- /wp:paragraph -->',
    });
    const editor = await as('editor1');
    const update = await runOk(editor, 'wp_update_post', {
      type: 'post',
      id: post.id,
      title: 'After title',
      content: '<p>After body</p>',
    });
    const state = UndoStateSchema.parse(update.undo);
    expect(state.before).toMatchObject({ status: 'publish', fields: { title: 'Before title' } });
    expect(state.after).toMatchObject({ status: 'publish', fields: { title: 'After title' } });
    const input = await undoOf(update);
    expect(tool('wp_restore_entity').input.safeParse(input).success).toBe(true);
    const undo = await run(editor, 'wp_restore_entity', input);
    expect(undo.stage).toBe('done');
    const now = await stored(post.id);
    expect(now.title.raw).toBe('Before title');
    expect(now.content.raw).toBe(post.content.raw);
    expect(now.status).toBe('publish');
    // Twice is refused: the post is no longer as the update left it.
    expect(await run(editor, 'wp_restore_entity', input)).toMatchObject({ stage: 'refused' });
  });

  it('brings a trashed post back with its status, slug and comments', async () => {
    const post = await makePost('editor1', { status: 'publish', slug: `undo-trash-${Date.now()}` });
    const approved = await comment(post.id, 'approved');
    const held = await comment(post.id, 'hold');
    const editor = await as('editor1');
    const trash = await runOk(editor, 'wp_trash_entity', { type: 'post', id: post.id });
    expect((await stored(post.id)).status).toBe('trash');
    expect(await commentStatus(approved)).toBe('post-trashed');
    const input = await undoOf(trash);
    expect(input).toMatchObject({ restore: { status: 'publish' } });
    expect(await run(editor, 'wp_restore_entity', input)).toMatchObject({ stage: 'done' });
    const now = await stored(post.id);
    expect(now.status).toBe('publish');
    expect(now.slug).toBe(post.slug);
    expect(await commentStatus(approved)).toBe('approved');
    expect(await commentStatus(held)).toBe('hold');
  });

  it('is refused once the post changed since the write, saying what changed', async () => {
    const post = await makePost('editor1', { status: 'publish', title: 'First' });
    const editor = await as('editor1');
    const update = await runOk(editor, 'wp_update_post', {
      type: 'post',
      id: post.id,
      title: 'Second',
    });
    const admin = await as('admin');
    await new Promise((resolve) => setTimeout(resolve, 1100)); // modified_gmt has seconds
    await admin.http.rest('POST', `/wp/v2/posts/${post.id}`, { title: 'Third, by someone else' });
    const outcome = await run(editor, 'wp_restore_entity', await undoOf(update));
    expect(outcome.stage).toBe('refused');
    const message = outcome.stage === 'refused' ? outcome.message : '';
    expect(message).toContain('Undo is not possible: the post changed since that change');
    expect(message).toContain('the title is now “Third, by someone else”');
    expect(message).toContain('saved again');
    expect((await stored(post.id)).title.raw).toBe('Third, by someone else');
  });

  it('answers reconcile from the site: not run while untouched, run once restored', async () => {
    const post = await makePost('editor1', { status: 'draft', title: 'Draft before' });
    const editor = await as('editor1');
    const update = await runOk(editor, 'wp_update_post', {
      type: 'post',
      id: post.id,
      title: 'Draft after',
    });
    const input = (await undoOf(update)) as never;
    const restore = tool('wp_restore_entity');
    expect(await restore.reconcile!(editor.ctx, input)).toEqual({ ran: false });
    await runOk(editor, 'wp_restore_entity', input);
    expect(await restore.reconcile!(editor.ctx, input)).toMatchObject({ ran: true });
  });

  it('records a status change and undoes it (draft back from published)', async () => {
    const post = await makePost('editor1', { status: 'draft' });
    const editor = await as('editor1');
    const publish = await runOk(editor, 'wp_set_status', {
      type: 'post',
      id: post.id,
      status: 'publish',
    });
    expect(UndoStateSchema.parse(publish.undo).before.status).toBe('draft');
    await runOk(editor, 'wp_restore_entity', await undoOf(publish));
    expect((await stored(post.id)).status).toBe('draft');
  });
});
