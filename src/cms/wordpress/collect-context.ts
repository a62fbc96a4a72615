import type { ContentMessage } from '../../shared/protocol';
import { looksLikeWordPressAdmin, type WpDomFacts } from './admin-detect';

const GLOBALS_TIMEOUT_MS = 3000;

/**
 * Runs in the ISOLATED content script: returns the message to send to the background,
 * or nothing when the page is not a WordPress admin page. It imports no schema library
 * so the script stays within its 4 KB budget: the background validates everything it
 * receives with zod (`readWordPressContext`), taking the page URL from the browser's
 * sender record rather than from the page.
 */
export async function collectPageContext(
  win: Window,
  signal: AbortSignal,
): Promise<ContentMessage | undefined> {
  const doc = win.document;
  const dom: WpDomFacts = {
    href: win.location.href,
    bodyClasses: Array.from(doc.body?.classList ?? []),
    postIdInput: doc.querySelector<HTMLInputElement>('input#post_ID')?.value,
    hasClassicForm: !!doc.querySelector('form#post textarea#content'),
  };
  if (!looksLikeWordPressAdmin(dom)) return undefined;
  const globals = await requestGlobals(win, signal);
  const { href: _href, ...facts } = dom;
  return { type: 'page-facts', globals: globals ?? null, dom: facts };
}

/** Asks the MAIN-world reader for the globals; it may have answered before we listened. */
function requestGlobals(win: Window, signal: AbortSignal): Promise<unknown> {
  return new Promise((resolve) => {
    const done = (value: unknown) => {
      win.removeEventListener('countersign:globals', onAnswer);
      clearTimeout(timer);
      resolve(value);
    };
    const onAnswer = (event: Event) => {
      const detail = (event as CustomEvent<unknown>).detail;
      if (typeof detail !== 'string' || detail.length > 20_000) return done(null);
      try {
        done(JSON.parse(detail));
      } catch {
        done(null);
      }
    };
    const timer = setTimeout(() => done(undefined), GLOBALS_TIMEOUT_MS);
    signal.addEventListener('abort', () => done(undefined), { once: true });
    win.addEventListener('countersign:globals', onAnswer);
    win.dispatchEvent(new CustomEvent('countersign:globals-request'));
  });
}
