import type { Browser, Page } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sanitizePage } from './browser-sanitize';
import type * as SanitizeEntry from './sanitize-entry';
import { XSS_VECTORS } from './xss-vectors';

let page: Page;
let browser: Browser;

beforeAll(async () => {
  ({ page, browser } = await sanitizePage());
}, 60_000);
afterAll(() => browser?.close());

declare const sanitizeUnderTest: typeof SanitizeEntry;

describe('XSS corpus in Chromium (S1): nothing the panel renders ever runs', () => {
  it('has at least 100 vectors', () => {
    expect(XSS_VECTORS.length).toBeGreaterThanOrEqual(100);
  });

  it('sanitized HTML, rendered markdown and rendered diffs trip nothing; markdown keeps the text', async () => {
    const report = await page.evaluate(async (vectors) => {
      const w = window as unknown as { trip(): void; tripped: number; alert(): void };
      w.tripped = 0;
      w.trip = () => void w.tripped++;
      w.alert = w.trip;
      const { sanitizeHtml, renderMarkdown, renderedDiffHtml } = sanitizeUnderTest;
      const host = document.createElement('div');
      document.body.append(host);
      const unreadable: string[] = [];
      for (const vector of vectors) {
        const outputs = [
          sanitizeHtml(vector, { imageOrigins: ['https://example.test'] }),
          renderMarkdown(vector, 'https://example.test/wp-admin/'),
          sanitizeHtml(renderedDiffHtml('<p>before</p>', `<p>after ${vector}</p>`) ?? ''),
        ];
        for (const html of outputs) {
          const box = document.createElement('div');
          box.innerHTML = html;
          host.append(box);
          for (const element of box.querySelectorAll('*')) {
            for (const type of ['mouseover', 'focus', 'pointerenter', 'animationstart']) {
              element.dispatchEvent(new Event(type, { bubbles: true }));
            }
          }
        }
        // Markdown shows raw HTML as text: the person can still read what was written.
        const shown = host.children[host.children.length - 2]!.textContent ?? '';
        if (shown.length < vector.length / 2) unreadable.push(vector);
      }
      await new Promise((resolve) => setTimeout(resolve, 800));
      const links = [...host.querySelectorAll('a[href]')].map((a) => a.getAttribute('href')!);
      const handlers = [...host.querySelectorAll('*')].flatMap((el) =>
        [...el.attributes].filter((a) => /^on/i.test(a.name)).map((a) => `${el.tagName} ${a.name}`),
      );
      const tags = [
        ...host.querySelectorAll(
          'script, iframe, object, embed, form, svg, math, style, base, meta, link',
        ),
      ].map((el) => el.tagName);
      const tripped = w.tripped;
      // Control: the same vector unsanitized does trip, so the wire is live.
      const control = document.createElement('div');
      control.innerHTML = '<img src=x onerror=trip()>';
      document.body.append(control);
      await new Promise((resolve) => setTimeout(resolve, 300));
      return { tripped, control: w.tripped - tripped, links, handlers, tags, unreadable };
    }, XSS_VECTORS);
    expect(report.control).toBe(1);
    expect(report.tripped).toBe(0);
    expect(report.handlers).toEqual([]);
    expect(report.tags).toEqual([]);
    expect(report.links.filter((href) => !/^(https?:|#)/.test(href))).toEqual([]);
    expect(report.unreadable).toEqual([]);
  });
});
