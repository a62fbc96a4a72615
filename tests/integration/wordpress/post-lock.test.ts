// E3 against the real site: another user's post lock, as WordPress's own editor sets it.
import { describe, expect, it } from 'vitest';
import { postLockHolder } from '../../../src/cms/wordpress/post-lock';
import { editorNotice } from '../../../src/cms/wordpress/editor/editor-notice';
import { as, makePost, tool } from './support';

/** Opens the post in the block editor as that user: WordPress's edit screen takes the lock. */
async function openEditScreen(key: 'ana' | 'editor1', id: number): Promise<void> {
  const actor = await as(key);
  const response = await actor.http.fetch(`/wp-admin/post.php?post=${id}&action=edit`);
  expect(response.status).toBe(200);
  await response.text();
}

describe('post lock (E3)', () => {
  it('names Ana while she has the post open, and never takes the lock itself', async () => {
    const { id } = await makePost('editor1', { status: 'publish', title: 'Locked by Ana' });
    const editor = await as('editor1');
    // Nobody holds it yet, and asking does not make editor1 the holder.
    expect(await postLockHolder(editor.session, id)).toBeNull();
    expect(await postLockHolder((await as('ana')).session, id)).toBeNull();

    await openEditScreen('ana', id);
    expect(await postLockHolder(editor.session, id)).toBe('Ana');
    // WordPress ignores a person's own lock.
    expect(await postLockHolder((await as('ana')).session, id)).toBeNull();

    // The card data of a write on it names her.
    const notice = await editorNotice(editor.ctx, tool('wp_update_post'), {
      type: 'post',
      id,
      title: 'A new title',
    });
    expect(notice?.lockedBy).toBe('Ana');
  });

  it('says nothing about the person’s own lock', async () => {
    const { id } = await makePost('editor1', { status: 'publish', title: 'Locked by me' });
    await openEditScreen('editor1', id);
    const editor = await as('editor1');
    expect(await postLockHolder(editor.session, id)).toBeNull();
    expect(
      await editorNotice(editor.ctx, tool('wp_update_post'), { type: 'post', id, title: 'X' }),
    ).toBeNull();
  });
});
