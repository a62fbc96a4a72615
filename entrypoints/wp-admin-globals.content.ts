import { readPageGlobals, whenEditorReady } from '@/src/cms/wordpress/page-globals';

/**
 * MAIN-world reader: only the page's own world can see `wpApiSettings`, `pagenow` and
 * friends. It answers the ISOLATED script's request with a plain JSON string, and once more
 * when a block editor that was still loading has set up its post (or the wait is over). The
 * ISOLATED script validates it, since anything in this world could have forged it.
 */
export default defineContentScript({
  matches: ['http://127.0.0.1/*', 'http://localhost/*'],
  registration: 'runtime',
  world: 'MAIN',
  runAt: 'document_idle',
  main() {
    let waited = false;
    const answer = () =>
      window.dispatchEvent(
        new CustomEvent('countersign:globals', {
          detail: JSON.stringify(readPageGlobals(window, waited)),
        }),
      );
    window.addEventListener('countersign:globals-request', answer);
    answer();
    whenEditorReady(window, (timedOut) => {
      waited = timedOut;
      answer();
    });
  },
});
