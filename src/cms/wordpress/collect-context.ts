import type { ContentMessage } from '../../shared/protocols/panel-protocol';
import { looksLikeWordPressAdmin, type WpDomFacts } from './admin-detect';

const GLOBALS_TIMEOUT_MS = 3000;
/** The MAIN reader's editor wait (EDITOR_WAIT_MS, not imported: this bundle stays small) + slack. */
const EDITOR_TIMEOUT_MS = 8000 + 2000;

/**
 * Runs in the ISOLATED content script: sends the background what the page shows, or nothing
 * when the page is not a WordPress admin page. On a block editor still setting up its post,
 * it sends again when the MAIN-world reader says the editor is ready (or gave up waiting), so
 * the panel can wait for the editor instead of reading a half-loaded page. It imports no
 * schema library so the script stays within its 4 KB budget: the background validates
 * everything it receives with zod (`readWordPressContext`), taking the page URL from the
 * browser's sender record rather than from the page.
 */
export async function collectPageContext(
  win: Window,
  signal: AbortSignal,
  send: (message: ContentMessage) => Promise<unknown>,
): Promise<void> {
  const dom = readDomFacts(win);
  if (!looksLikeWordPressAdmin(dom)) return;
  const { href: _href, ...facts } = dom;
  const answers = listen(win, signal);
  try {
    let globals = await answers.next(GLOBALS_TIMEOUT_MS, true);
    await send({ type: 'page-facts', globals: globals ?? null, dom: facts });
    const until = Date.now() + EDITOR_TIMEOUT_MS;
    while (globals !== undefined && editorLoading(globals) && !signal.aborted) {
      // No answer by the deadline (the MAIN reader's own timer ran late on a busy page, or
      // its answer was lost): ask once more and stop waiting whatever the editor says, so
      // the panel never shows "Waiting for the editor" for an answer that will not come.
      globals = await answers.next(until - Date.now(), false);
      if (signal.aborted) return;
      globals ??= gaveUp(await answers.next(GLOBALS_TIMEOUT_MS, true));
      if (globals === undefined) return;
      await send({ type: 'page-facts', globals, dom: facts });
    }
  } finally {
    answers.stop();
  }
}

/** What the page's DOM says. Self-contained: tests run it in real admin pages. */
export function readDomFacts(win: Window): WpDomFacts {
  const doc = win.document;
  return {
    href: win.location.href,
    bodyClasses: Array.from(doc.body?.classList ?? []),
    postIdInput: doc.querySelector<HTMLInputElement>('input#post_ID')?.value,
    hasClassicForm: !!doc.querySelector('form#post textarea#content'),
  };
}

/** The MAIN reader's answer, marked as the end of the wait when the editor still loads. */
function gaveUp(globals: unknown): unknown {
  return editorLoading(globals) ? { ...(globals as object), editorWaited: true } : globals;
}

/** The editor store is there but holds no post yet, and the reader has not given up. */
function editorLoading(globals: unknown): boolean {
  const g = globals as { editorPost?: { id?: unknown }; editorWaited?: unknown } | null;
  return !!g?.editorPost && g.editorPost.id === null && g.editorWaited !== true;
}

/**
 * The MAIN-world reader's answers, in order: it may answer before we ask (it runs first) and
 * again later on its own, so answers are queued from the start. `undefined` = no answer in time.
 */
function listen(win: Window, signal: AbortSignal) {
  const queue: unknown[] = [];
  let wake: (() => void) | undefined;
  const onAnswer = (event: Event) => {
    const detail = (event as CustomEvent<unknown>).detail;
    let value: unknown = null;
    if (typeof detail === 'string' && detail.length <= 20_000) {
      try {
        value = JSON.parse(detail);
      } catch {
        value = null;
      }
    }
    queue.push(value);
    wake?.();
  };
  win.addEventListener('countersign:globals', onAnswer);
  return {
    async next(timeoutMs: number, request: boolean): Promise<unknown> {
      if (request) {
        queue.length = 0; // answers before the request are older than the one it brings
        win.dispatchEvent(new CustomEvent('countersign:globals-request'));
      }
      if (!queue.length && timeoutMs > 0 && !signal.aborted) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, timeoutMs);
          wake = () => (clearTimeout(timer), resolve());
          signal.addEventListener('abort', wake, { once: true });
        });
        wake = undefined;
      }
      return queue.length ? queue.shift() : undefined;
    },
    stop: () => win.removeEventListener('countersign:globals', onAnswer),
  };
}
