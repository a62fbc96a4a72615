import type { Browser, Page } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sanitizePage } from './browser-sanitize';
import type * as SanitizeEntry from './sanitize-entry';

const SITE = 'https://example.test';
let page: Page;
let browser: Browser;

beforeAll(async () => {
  ({ page, browser } = await sanitizePage());
}, 60_000);
afterAll(() => browser?.close());

type Api = typeof SanitizeEntry;
declare const sanitizeUnderTest: Api;

const sanitize = (html: string, imageOrigins?: string[]) =>
  page.evaluate(
    ([html, imageOrigins]) =>
      sanitizeUnderTest.sanitizeHtml(html!, { imageOrigins: imageOrigins as string[] | undefined }),
    [html, imageOrigins] as const,
  );

describe('sanitizeHtml in Chromium (S1, C1): the one DOMPurify call site', () => {
  it('removes scripts, event handlers and javascript: URLs', async () => {
    const html = await sanitize(
      '<p onclick="alert(1)">Hi<script>alert(2)</script></p><img src=x onerror="alert(3)"><a href="javascript:alert(4)">x</a>',
    );
    expect(html).not.toMatch(/script|onerror|onclick|javascript:|alert/i);
    expect(html).toContain('<p>Hi</p>');
  });

  it('removes styles, frames, objects, embeds and forms', async () => {
    expect(
      await sanitize(
        '<style>*{}</style><iframe src="https://x.test"></iframe><object data="x"></object><embed src="x"><form action="https://x.test"><input></form><b>kept</b>',
      ),
    ).toBe('<b>kept</b>');
  });

  it('strips style, class, id and tabindex so content cannot dress up as or cover the panel', async () => {
    expect(
      await sanitize(
        '<div style="position:fixed;inset:0" class="primary" id="app" tabindex="0">text</div>',
      ),
    ).toBe('<div>text</div>');
  });

  it('keeps no disclosure or label: content cannot add a control to the focus order (C7)', async () => {
    expect(
      await sanitize(
        '<details open ontoggle="alert(1)"><summary>More</summary>inside</details><label>x</label>',
      ),
    ).toBe('Moreinsidex');
  });

  it('drops SVG and MathML tricks', async () => {
    const html = await sanitize(
      '<svg><animate onbegin="alert(1)" attributeName="x"/><a xlink:href="javascript:alert(2)"><text>t</text></a></svg><math><mtext><table><mglyph><style><img src=x onerror=alert(3)>',
    );
    expect(html).not.toMatch(/onbegin|onerror|javascript:|<svg|<math/i);
  });

  it('opens links in a new tab with rel=noopener', async () => {
    expect(await sanitize('<a href="https://example.test/x">x</a>')).toBe(
      '<a href="https://example.test/x" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });

  it("loads images only from the site's origin", async () => {
    expect(await sanitize(`<img src="${SITE}/a.jpg" alt="A">`, [SITE])).toBe(
      `<img src="${SITE}/a.jpg" alt="A">`,
    );
    expect(await sanitize('<img src="https://tracker.test/p.gif?d=1" alt="A">', [SITE])).toBe(
      '<img alt="[image not loaded from tracker.test: A]">',
    );
  });

  it('thumbnail URLs: http(s) from the site only', async () => {
    const result = await page.evaluate((site) => {
      const { safeImageSrc } = sanitizeUnderTest;
      return [
        safeImageSrc(`${site}/t.jpg`, [site]),
        safeImageSrc('javascript:alert(1)', [site]),
        safeImageSrc('https://elsewhere.test/t.jpg', [site]),
      ];
    }, SITE);
    expect(result).toEqual([`${SITE}/t.jpg`, null, null].map((v) => v ?? undefined));
  });

  it('renderMarkdown: escaped first, then sanitized (links get rel and target)', async () => {
    const html = await page.evaluate(() =>
      sanitizeUnderTest.renderMarkdown('[x](https://example.test/) <img src=x onerror=alert(1)>'),
    );
    expect(html).toBe(
      '<p><a href="https://example.test/" target="_blank" rel="noopener noreferrer">x</a> &lt;img src=x onerror=alert(1)&gt;</p>\n',
    );
  });
});
