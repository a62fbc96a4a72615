/**
 * E1 in WordPress's classic editor: a function that runs in the tab's page (MAIN) world
 * through `chrome.scripting.executeScript`. The browser sends it as source text, so it is
 * self-contained: no imports, no module-level helpers, only JSON in and out. What it
 * answers comes from a page and is validated (`ClassicApplySchema`) before use.
 */

/* eslint-disable @typescript-eslint/no-explicit-any -- the page's globals have no types */

/**
 * Puts the values WordPress stored for an approved write into the classic form that holds
 * the post, so the person's Update sends them back as stored: the title into `#title`, the
 * excerpt into `#excerpt`, the content into the `#content` textarea and, when the visual
 * tab shows, into TinyMCE by its own `load()` (WordPress's own autop runs; one undo step).
 * Values go in as field values, never as markup of the admin page.
 *
 * A field the person typed in since Countersign last read this form (`readEditorInPage`
 * keeps what it saw; without that, since the page loaded) is left as they typed it (G13),
 * and so is every other field the write set that this form also posts back (`others`, with
 * the stored value where the form has one to compare: status, slug; e.g. categories). For those the form's Update, Save Draft and Preview are held
 * with a notice in the page that names them; the person chooses there. Autosave waits
 * while the hold stands, so it cannot post the older values either.
 */
export function applyInClassicPage(
  postId: number,
  values: Record<string, string>,
  others: Record<string, string | null>,
  labels: Record<string, string>,
): unknown {
  const w = window as any;
  const form = document.getElementById('post') as HTMLFormElement | null;
  const idInput = document.getElementById('post_ID') as HTMLInputElement | null;
  if (!form || !idInput || document.body.classList.contains('block-editor-page'))
    return { ok: false, reason: 'no-editor' };
  if (Number(idInput.value) !== postId) return { ok: false, reason: 'other-post' };
  const KEY = Symbol.for('countersign.classic');
  const state: any = (w[KEY] ??= { seen: {}, held: [], listening: false });
  const FIELDS = ['title', 'content', 'excerpt'];
  const norm = (s: string) => s.replace(/<\/?p(\s[^>]*)?>|<br\s*\/?>|\s+/gi, '');
  const element = (field: string) =>
    document.getElementById(field) as HTMLInputElement | HTMLTextAreaElement | null;
  const visual = () => {
    const editor = w.tinymce?.get?.('content');
    return editor && !editor.isHidden() ? editor : null;
  };
  const read = (field: string): string | null => {
    const mce = field === 'content' ? visual() : null;
    if (mce) return String(mce.getContent());
    const el = element(field);
    return el ? el.value : null;
  };
  const typedSince = (field: string, now: string): boolean => {
    const seen = state.seen[postId]?.[field];
    if (typeof seen === 'string') return norm(seen) !== norm(now);
    const mce = field === 'content' ? visual() : null;
    if (mce) return Boolean(mce.isDirty());
    const el = element(field);
    return el !== null && norm(el.value) !== norm(el.defaultValue);
  };
  const write = (field: string, value: string) => {
    const el = element(field);
    if (!el) return;
    // The stored value becomes what the form loaded with, so it no longer reads as unsaved.
    el.defaultValue = value;
    el.value = value;
    const mce = field === 'content' ? visual() : null;
    if (mce) {
      mce.undoManager.transact(() => mce.load());
      mce.setDirty(false);
    }
    el.dispatchEvent(new Event('input', { bubbles: true }));
    el.dispatchEvent(new Event('change', { bubbles: true }));
  };
  const remember = () => {
    const seen: Record<string, string> = {};
    for (const field of FIELDS) {
      const value = read(field);
      if (value !== null) seen[field] = value;
    }
    state.seen[postId] = seen;
  };

  const applied: string[] = [];
  const held: { field: string; label: string; approved?: string }[] = [];
  for (const [field, value] of Object.entries(values)) {
    if (!FIELDS.includes(field) || typeof value !== 'string') continue;
    const now = read(field);
    if (now === null) continue;
    if (norm(now) === norm(value)) applied.push(field);
    else if (typedSince(field, now))
      held.push({ field, label: labels[field] ?? field, approved: value });
    else {
      write(field, value);
      applied.push(field);
    }
  }
  // A field the form posts back as it loaded: held unless the form already holds the
  // stored value (status as the form loaded it, the slug's hidden input).
  const loaded: Record<string, string> = { status: 'original_post_status', slug: 'post_name' };
  for (const [field, value] of Object.entries(others)) {
    const input = loaded[field] ? element(loaded[field]) : null;
    if (input && typeof value === 'string' && input.value === value) continue;
    held.push({ field, label: labels[field] ?? field });
  }
  remember();
  state.held = [...state.held.filter((h: any) => !held.some((n) => n.field === h.field)), ...held];
  state.postId = postId;
  if (state.held.length > 0) w.wp?.autosave?.server?.suspend?.();

  // What still differs when the person presses a save button: a held field whose value
  // is not the approved one, or a field this form cannot show (always, until they choose).
  state.pending = () =>
    state.held.filter(
      (h: any) => h.approved === undefined || norm(read(h.field) ?? '') !== norm(h.approved),
    );
  state.release = () => {
    state.held = [];
    document.getElementById('countersign-classic-hold')?.remove();
    w.wp?.autosave?.server?.resume?.();
  };
  state.notice = (again: () => void) => {
    const pending = state.pending();
    let box = document.getElementById('countersign-classic-hold');
    if (!box) {
      box = document.createElement('div');
      box.id = 'countersign-classic-hold';
      box.className = 'notice notice-warning';
      box.setAttribute('role', 'alert');
      box.tabIndex = -1;
      form.parentNode?.insertBefore(box, form);
    }
    const typed = pending.filter((h: any) => h.approved !== undefined);
    const fixed = pending.filter((h: any) => h.approved === undefined);
    const line = (text: string) => {
      const p = document.createElement('p');
      p.textContent = text;
      return p;
    };
    const button = (text: string, primary: boolean, act: () => void) => {
      const b = document.createElement('button');
      b.type = 'button';
      b.className = primary ? 'button button-primary' : 'button';
      b.textContent = text;
      b.addEventListener('click', act);
      return b;
    };
    const names = (list: any[]) => list.map((h) => h.label).join(', ');
    const parts = [
      line(
        `Not saved yet. WordPress holds a change you approved for this post in Countersign, and pressing this button now would send this form's other values back over it: ${names(pending)}.`,
      ),
    ];
    if (typed.length > 0) {
      parts.push(line(`This form holds your own typing in ${names(typed)}.`));
    }
    if (fixed.length > 0) {
      parts.push(line(`This editor cannot show the new ${names(fixed)}: reload it to see them.`));
    }
    const row = document.createElement('p');
    if (typed.length > 0 && fixed.length === 0) {
      row.append(
        button(`Put the approved ${names(typed)} in the form`, true, () => {
          for (const h of typed) write(h.field, h.approved);
          remember();
          state.release();
          document.getElementById('publish')?.focus();
        }),
      );
    } else {
      row.append(button('Reload the editor', true, () => window.location.reload()));
    }
    row.append(' ');
    row.append(
      button('Save this form anyway', false, () => {
        state.release();
        again();
      }),
    );
    box.replaceChildren(...parts, row);
    box.focus();
  };
  if (!state.listening) {
    state.listening = true;
    const hold = (event: Event) => {
      const s = w[KEY];
      const target = event.target as Element | null;
      if (!s || !target || s.held.length === 0) return;
      const button =
        event.type === 'click'
          ? (target.closest?.('#publish, #save-post, #post-preview') as HTMLElement | null)
          : null;
      if (event.type === 'click' && !button) return;
      if (event.type === 'submit' && (target as HTMLElement).id !== 'post') return;
      // The form holds the approved values again (the person typed them): nothing to hold.
      if (s.pending().length === 0) {
        s.release();
        return;
      }
      event.preventDefault();
      event.stopImmediatePropagation();
      s.notice(() => (button ? button.click() : form.requestSubmit()));
    };
    document.addEventListener('click', hold, true);
    document.addEventListener('submit', hold, true);
  }
  return { ok: true, applied, held: held.map((h) => h.field) };
}
