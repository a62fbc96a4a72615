/**
 * Reads the WordPress admin globals from the page's own world. Runs in the MAIN world,
 * so it must stay tiny and self-contained: no imports, no trust in what it finds.
 */
export function readPageGlobals(win: Window): Record<string, unknown> {
  const w = win as unknown as Record<string, unknown>;
  const api = w.wpApiSettings as { root?: unknown; nonce?: unknown } | undefined;
  const userSettings = w.userSettings as { uid?: unknown } | undefined;
  return {
    wpApiSettings:
      api && typeof api === 'object' ? { root: api.root, nonce: api.nonce } : undefined,
    pagenow: w.pagenow,
    typenow: w.typenow,
    adminpage: w.adminpage,
    userSettingsUid: userSettings?.uid,
    ajaxurl: w.ajaxurl,
    editorPost: readEditorPost(w),
  };
}

function readEditorPost(w: Record<string, unknown>): { id: unknown; type: unknown } | undefined {
  try {
    const wp = w.wp as { data?: { select(store: string): Record<string, () => unknown> } };
    const editor = wp?.data?.select('core/editor');
    if (!editor?.getCurrentPostId) return undefined;
    return { id: editor.getCurrentPostId(), type: editor.getCurrentPostType?.() };
  } catch {
    return undefined;
  }
}
