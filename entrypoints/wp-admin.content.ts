import { collectPageContext } from '@/src/cms/wordpress/collect-context';

/**
 * ISOLATED-world reader: detects a WordPress admin page, asks the MAIN-world reader for
 * the page globals, validates everything and reports it to the background (again when a
 * block editor that was loading is ready). It reads, never writes (STYLE 10).
 */
export default defineContentScript({
  matches: ['http://127.0.0.1/*', 'http://localhost/*'],
  registration: 'runtime',
  runAt: 'document_idle',
  async main(ctx) {
    await collectPageContext(window, ctx.signal, async (message) => {
      if (!ctx.isInvalid) await browser.runtime.sendMessage(message);
    });
  },
});
