// @vitest-environment happy-dom
// The ISOLATED reader's side of waiting for a block editor: it forwards the MAIN reader's
// answers in order, keeps forwarding while the editor is loading, and stops once the editor
// is ready (or the MAIN reader gave up). The MAIN reader is played by this test.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { collectPageContext } from '../../../src/cms/wordpress/collect-context';
import type { ContentMessage } from '../../../src/shared/protocols/panel-protocol';

const base = { pagenow: 'post', typenow: 'post', adminpage: 'post-php', userSettingsUid: '1' };
const answer = (globals: unknown) =>
  window.dispatchEvent(new CustomEvent('countersign:globals', { detail: JSON.stringify(globals) }));
/** Answers each request of the ISOLATED reader with `globals`. */
function mainReader(globals: unknown) {
  const onRequest = () => answer(globals);
  window.addEventListener('countersign:globals-request', onRequest);
  return () => window.removeEventListener('countersign:globals-request', onRequest);
}
const tick = (ms = 0) => new Promise((r) => setTimeout(r, ms));

function page(bodyClasses: string[]) {
  history.replaceState(null, '', '/wp-admin/post.php?post=4&action=edit');
  document.body.className = bodyClasses.join(' ');
  document.body.innerHTML = '<form id="post"><input id="post_ID" value="4"></form>';
}

afterEach(() => {
  document.body.className = '';
});

describe('the ISOLATED reader on a block editor that is still loading', () => {
  it('sends the loading answer, then the ready one, and stops', async () => {
    page(['wp-admin', 'block-editor-page']);
    const stop = mainReader({ ...base, editorPost: { id: null, type: null } });
    const sent: ContentMessage[] = [];
    const done = collectPageContext(window, new AbortController().signal, async (m) => {
      sent.push(m);
    });
    await tick(10);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.globals).toMatchObject({ editorPost: { id: null } });
    expect(sent[0]!.dom.postIdInput).toBe('4');
    answer({ ...base, editorPost: { id: 4, type: 'post' } });
    await done;
    expect(sent.map((m) => (m.globals as { editorPost: { id: unknown } }).editorPost.id)).toEqual([
      null,
      4,
    ]);
    answer({ ...base, editorPost: { id: 4, type: 'post' } }); // after it stopped: not forwarded
    await tick(10);
    expect(sent).toHaveLength(2);
    stop();
  });

  it('stops after the MAIN reader says it gave up waiting', async () => {
    page(['wp-admin', 'block-editor-page']);
    const stop = mainReader({ ...base, editorPost: { id: null, type: null } });
    const sent: ContentMessage[] = [];
    const done = collectPageContext(window, new AbortController().signal, async (m) => {
      sent.push(m);
    });
    await tick(10);
    answer({ ...base, editorPost: { id: null, type: null }, editorWaited: true });
    await done;
    expect(sent).toHaveLength(2);
    expect(sent[1]!.globals).toMatchObject({ editorWaited: true });
    stop();
  });

  it('stops waiting by its own deadline when the MAIN reader never says the editor is ready', async () => {
    vi.useFakeTimers();
    page(['wp-admin', 'block-editor-page']);
    // The MAIN reader answers requests (still loading), but its own last answer never comes.
    const stop = mainReader({ ...base, editorPost: { id: null, type: null } });
    const abort = new AbortController();
    try {
      const sent: ContentMessage[] = [];
      const done = collectPageContext(window, abort.signal, async (m) => {
        sent.push(m);
      });
      await vi.advanceTimersByTimeAsync(9_000);
      expect(sent).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1_500);
      await done;
      // The last reading ends the wait: the panel shows the post of the address.
      expect(sent).toHaveLength(2);
      expect(sent[1]!.globals).toMatchObject({ editorPost: { id: null }, editorWaited: true });
    } finally {
      abort.abort();
      stop();
      vi.useRealTimers();
    }
  });

  it('sends once on a screen without a loading editor', async () => {
    page(['wp-admin']);
    const stop = mainReader({ ...base, pagenow: 'dashboard' });
    const sent: ContentMessage[] = [];
    await collectPageContext(window, new AbortController().signal, async (m) => {
      sent.push(m);
    });
    expect(sent).toHaveLength(1);
    stop();
  });

  it('stops waiting when the script is torn down (navigation)', async () => {
    page(['wp-admin', 'block-editor-page']);
    const stop = mainReader({ ...base, editorPost: { id: null, type: null } });
    const abort = new AbortController();
    const sent: ContentMessage[] = [];
    const done = collectPageContext(window, abort.signal, async (m) => {
      sent.push(m);
    });
    await tick(10);
    abort.abort();
    await done;
    expect(sent).toHaveLength(1);
    stop();
  });
});
