/**
 * Functions that run in an admin tab's page (MAIN) world through
 * `chrome.scripting.executeScript`. The browser sends each one as source text, so each is
 * self-contained: no imports, no module-level helpers, only JSON in and out. What they
 * answer comes from a page and is validated by `editor-answers.ts` before use.
 */

/* eslint-disable @typescript-eslint/no-explicit-any -- the page's `wp` global has no types */

/**
 * E2/E3: which editor this page shows for the post, and the fields it has unsaved edits
 * to. The block editor is read through its `core/editor` data store; a page without that
 * store but with WordPress's post form is the classic editor.
 */
export function readEditorInPage(postId: number, postType: string): unknown {
  const wp = (window as any).wp;
  const store = wp?.data?.select?.('core/editor');
  if (!store || typeof store.getCurrentPostId !== 'function') {
    const form = document.getElementById('post_ID') as HTMLInputElement | null;
    const classic =
      form !== null &&
      document.getElementById('post') !== null &&
      !document.body.classList.contains('block-editor-page');
    return classic ? { kind: 'classic', postId: Number(form.value) } : { kind: 'none' };
  }
  const id = store.getCurrentPostId();
  const type = store.getCurrentPostType();
  // An empty type asks about the id alone (a write knows its path before its type).
  if (id !== postId || (postType !== '' && type !== postType)) {
    return {
      kind: 'block',
      postId: typeof id === 'number' ? id : 0,
      postType: String(type),
      edits: [],
    };
  }
  // Blocks and selection are the editor's working copy of content, not fields of the post.
  const edits = Object.keys(store.getPostEdits() ?? {}).filter(
    (key) => key !== 'blocks' && key !== 'selection',
  );
  return {
    kind: 'block',
    postId: id,
    postType: type,
    edits,
    saving: Boolean(store.isSavingPost()),
  };
}

/**
 * E1: applies a write WordPress has just stored to the block editor that holds the post.
 * The stored values become an edit (so the canvas redraws, content as parsed blocks, and
 * the editor's undo stack holds the change as one step), then the stored record is
 * received as the editor's saved copy: the editor drops the edits that equal what
 * WordPress holds, so it is not dirty for these fields and its next save sends them as
 * stored. Unsaved edits to other fields stay as they were, unsaved.
 */
export function applyInEditorPage(
  postId: number,
  postType: string,
  record: Record<string, unknown>,
  fields: string[],
): unknown {
  const wp = (window as any).wp;
  const data = wp?.data;
  const store = data?.select?.('core/editor');
  if (!store || typeof store.getCurrentPostId !== 'function')
    return { ok: false, reason: 'no-editor' };
  if (store.getCurrentPostId() !== postId || store.getCurrentPostType() !== postType) {
    return { ok: false, reason: 'other-post' };
  }
  if (store.isSavingPost()) return { ok: false, reason: 'saving' };
  const raw = (value: any) =>
    value !== null && typeof value === 'object' && 'raw' in value ? value.raw : value;
  const edits: Record<string, unknown> = {};
  for (const field of fields) if (field in record) edits[field] = raw(record[field]);
  if (typeof edits.content === 'string' && typeof wp.blocks?.parse === 'function') {
    edits.blocks = wp.blocks.parse(edits.content);
  }
  data.dispatch('core/editor').editPost(edits);
  data.dispatch('core').receiveEntityRecords('postType', postType, [record], undefined, false);
  const shown: Record<string, unknown> = {};
  for (const field of fields) {
    shown[field] =
      field === 'content' ? store.getEditedPostContent() : store.getEditedPostAttribute(field);
  }
  const unsaved = Object.keys(store.getPostEdits() ?? {}).filter(
    (key) => key !== 'blocks' && key !== 'selection',
  );
  return { ok: true, shown, unsaved };
}
