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
    if (!classic) return { kind: 'none' };
    return { kind: 'classic', postId: Number(form.value), edits: classicEdits(Number(form.value)) };
  }
  /*
   * E2 in the classic form: the fields the person changed since the page loaded (the visual
   * tab by TinyMCE's own dirty flag, as WordPress's leave-page warning asks). What the form
   * holds now is kept in the page for `applyInClassicPage`: typing after this reading is
   * typing the person has not been asked about (G13).
   */
  function classicEdits(classicId: number): string[] {
    const norm = (s: string) => s.replace(/<\/?p(\s[^>]*)?>|<br\s*\/?>|\s+/gi, '');
    const mce = (window as any).tinymce?.get?.('content');
    const visual = mce && !mce.isHidden() ? mce : null;
    const edits: string[] = [];
    const seen: Record<string, string> = {};
    for (const field of ['title', 'content', 'excerpt']) {
      const el = document.getElementById(field) as HTMLInputElement | HTMLTextAreaElement | null;
      if (!el) continue;
      const changed =
        field === 'content' && visual
          ? Boolean(visual.isDirty())
          : norm(el.value) !== norm(el.defaultValue);
      if (changed) edits.push(field);
      seen[field] = field === 'content' && visual ? String(visual.getContent()) : el.value;
    }
    const state = ((window as any)[Symbol.for('countersign.classic')] ??= {
      seen: {},
      held: [],
      listening: false,
    });
    state.seen[classicId] = seen;
    return edits;
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
