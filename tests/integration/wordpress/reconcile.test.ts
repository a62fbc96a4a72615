// Idempotency (S5): after a worker died mid-call, reconcile() reads the site to tell
// whether the call took effect, so the run loop never runs a write twice.
import { describe, expect, it } from 'vitest';
import { as, makePost, runOk, tool } from './support';
import { factsNow } from '../../../src/tools/gate-pass';

describe('reconcile()', () => {
  it('a patch ran when the entry holds its values; otherwise it cannot tell', async () => {
    const post = await makePost('editor1', { title: 'Before' });
    const editor = await as('editor1');
    const input = { type: 'post', id: post.id, title: 'After', categories: [1] };
    await expect(tool('wp_update_post').reconcile!(editor.ctx, input)).rejects.toThrow(
      /Cannot tell/,
    );
    await runOk(editor, 'wp_update_post', input);
    expect(await tool('wp_update_post').reconcile!(editor.ctx, input)).toMatchObject({
      ran: true,
      result: { data: { id: post.id } },
    });
  });

  it('a write the entry does not show, on an entry untouched since its approval, certainly did not run (S5)', async () => {
    const post = await makePost('editor1', { title: 'Before' });
    const editor = await as('editor1');
    const input = { type: 'post', id: post.id, title: 'After' };
    const { entity } = await factsNow(tool('wp_update_post'), editor.ctx, input);
    const hint = { targetModified: entity?.modified };
    expect(await tool('wp_update_post').reconcile!(editor.ctx, input, hint)).toEqual({
      ran: false,
    });
    const publish = { type: 'post', id: post.id, status: 'publish' };
    expect(await tool('wp_set_status').reconcile!(editor.ctx, publish, hint)).toEqual({
      ran: false,
    });
    // Someone changed the entry since: its values say nothing about this call.
    await new Promise((resolve) => setTimeout(resolve, 1100)); // modified has 1 s resolution
    await runOk(editor, 'wp_update_post', { type: 'post', id: post.id, excerpt: 'Other' });
    await expect(tool('wp_update_post').reconcile!(editor.ctx, input, hint)).rejects.toThrow(
      /Cannot tell/,
    );
  });

  it('a status change and a trash ran when the entry has that status', async () => {
    const post = await makePost('editor1');
    const editor = await as('editor1');
    const publish = { type: 'post', id: post.id, status: 'publish' };
    await expect(tool('wp_set_status').reconcile!(editor.ctx, publish)).rejects.toThrow(
      /Cannot tell/,
    );
    await runOk(editor, 'wp_set_status', publish);
    expect(await tool('wp_set_status').reconcile!(editor.ctx, publish)).toMatchObject({
      ran: true,
    });
    const ref = { type: 'post', id: post.id };
    await runOk(editor, 'wp_trash_entity', ref);
    expect(await tool('wp_trash_entity').reconcile!(editor.ctx, ref)).toMatchObject({ ran: true });
  });

  it('a permanent delete certainly did not run while the entry exists, and ran once it is gone', async () => {
    const post = await makePost('editor1');
    const editor = await as('editor1');
    const ref = { type: 'post', id: post.id };
    expect(await tool('wp_delete_entity').reconcile!(editor.ctx, ref)).toEqual({ ran: false });
    await runOk(editor, 'wp_delete_entity', ref);
    expect(await tool('wp_delete_entity').reconcile!(editor.ctx, ref)).toMatchObject({
      ran: true,
      result: { data: { deleted: true } },
    });
  });
});
