import { chromium, type Browser, type Page } from '@playwright/test';
import { join } from 'node:path';
import { build } from 'vite';

const ENTRY = join(__dirname, 'sanitize-entry.ts');

/**
 * DOMPurify is only safe in a real browser (its authors do not support happy-dom: it
 * returns wrong results there), so sanitize tests run src/ui/sanitize.ts, bundled as it
 * ships, in Debian's Chromium.
 */
export async function sanitizePage(): Promise<{ page: Page; browser: Browser }> {
  const result = await build({
    configFile: false,
    logLevel: 'silent',
    build: {
      write: false,
      minify: false,
      lib: { entry: ENTRY, formats: ['iife'], name: 'sanitizeUnderTest', fileName: 'sanitize' },
    },
  });
  const outputs = Array.isArray(result) ? result : [result];
  const chunk = outputs
    .flatMap((o) => ('output' in o ? o.output : []))
    .find((c) => c.type === 'chunk');
  if (!chunk || chunk.type !== 'chunk') throw new Error('the sanitize bundle was not built');
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--disable-gpu'],
  });
  const page = await browser.newPage();
  await page.setContent('<!doctype html><html><body></body></html>');
  await page.addScriptTag({ content: chunk.code });
  return { page, browser };
}
