/**
 * Reads the WordPress admin globals from the page's own world. Runs in the MAIN world,
 * so it must stay tiny and self-contained: no imports, no module-level helpers (tests run it
 * in real admin pages through `Function.prototype.toString`), no trust in what it finds.
 * `editorWaited` says the block editor did not set up its post within the wait.
 */
export function readPageGlobals(win: Window, editorWaited = false): Record<string, unknown> {
  const w = win as unknown as Record<string, unknown>;
  const api = w.wpApiSettings as { root?: unknown; nonce?: unknown } | undefined;
  const userSettings = w.userSettings as { uid?: unknown } | undefined;
  let editorPost: { id: unknown; type: unknown } | undefined;
  try {
    // The `core/editor` store exists from script load; its post id is null until the
    // editor has set up its post (WordPress 6.5 answers null for a while after load).
    const wp = w.wp as { data?: { select(store: string): Record<string, () => unknown> } };
    const editor = wp?.data?.select('core/editor');
    if (editor?.getCurrentPostId) {
      editorPost = { id: editor.getCurrentPostId(), type: editor.getCurrentPostType?.() ?? null };
    }
  } catch {
    editorPost = undefined;
  }
  return {
    wpApiSettings:
      api && typeof api === 'object' ? { root: api.root, nonce: api.nonce } : undefined,
    pagenow: w.pagenow,
    typenow: w.typenow,
    adminpage: w.adminpage,
    userSettingsUid: userSettings?.uid,
    ajaxurl: w.ajaxurl,
    editorPost,
    ...(editorWaited ? { editorWaited: true } : {}),
  };
}

/** How long the readers wait for a block editor to set up its post. */
export const EDITOR_WAIT_MS = 8000;

/**
 * On a block editor page whose editor has not set up its post yet, calls `answer` once it
 * has (`answer(false)`) or once `timeoutMs` passed without it (`answer(true)`). Re-reads every
 * 100 ms: the stores' subscription API differs between WordPress versions; a read does not.
 * Returns whether it waits (false: not a block editor, or one that is ready already).
 */
export function whenEditorReady(
  win: Window,
  answer: (waited: boolean) => void,
  timeoutMs = EDITOR_WAIT_MS,
): boolean {
  const ready = () => {
    const post = readPageGlobals(win).editorPost as { id?: unknown } | undefined;
    return typeof post?.id === 'number' && post.id > 0;
  };
  if (!win.document.body?.classList.contains('block-editor-page') || ready()) return false;
  const started = Date.now();
  const timer = setInterval(() => {
    const done = ready();
    if (done || Date.now() - started >= timeoutMs) {
      clearInterval(timer);
      answer(!done);
    }
  }, 100);
  return true;
}
