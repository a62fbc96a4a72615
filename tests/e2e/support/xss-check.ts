import type { Page } from '@playwright/test';
import { XSS_VECTORS } from '../../unit/ui/xss-vectors';

/**
 * The unit tests' XSS corpus (tests/unit/ui/xss-vectors.ts) for the real extension: each
 * vector sets the global canary `window.__pwned` instead of calling the unit tests'
 * `trip()`, so a vector that ever runs anywhere (the panel, the options page, or the
 * WordPress page that holds it) leaves a mark and never throws.
 */
export const E2E_VECTORS: readonly string[] = XSS_VECTORS.map((vector) =>
  vector.replaceAll('trip()', '__pwned=1').replaceAll('&#116;rip()', '__pwned=1'),
);

/** Every vector in one string, each after a numbered marker the checks look for. */
export function allVectors(separator = '\n'): string {
  return E2E_VECTORS.map((vector, i) => `v${i}: ${vector}`).join(separator);
}

/** As many numbered vectors as fit in `max` characters (a tool's limit on a field). */
export function vectorsWithin(max: number, separator = ' '): string {
  let out = '';
  for (const [i, vector] of E2E_VECTORS.entries()) {
    const next = `${out}${out ? separator : ''}v${i}: ${vector}`;
    if (next.length > max) break;
    out = next;
  }
  return out;
}

/** The vectors as HTML paragraphs (what a site's post body would hold), numbered. */
export function vectorParagraphs(): string {
  return E2E_VECTORS.map((vector, i) => `<p>v${i}: ${vector}</p>`).join('\n');
}

/**
 * Arms a page (before the vectors arrive): records every dialog, which `findings` reads.
 * What the page's Content Security Policy refused (an inline handler, a javascript: URL)
 * Chromium logs as a console error, which fails the test (fixtures.ts) with the code that
 * caused it named; only {@link INERT_PARSE_REPORTS} are expected.
 */
export async function armPage(page: Page): Promise<void> {
  page.on('dialog', (dialog) => {
    void page.evaluate(
      (text) => (window as unknown as { __dialogs: string[] }).__dialogs.push(text),
      `${dialog.type()}: ${dialog.message()}`,
    );
    void dialog.dismiss();
  });
  await page.evaluate(() => {
    const w = window as unknown as { __dialogs: string[] };
    w.__dialogs = [];
  });
}

/** What a page's DOM shows that would mean a vector got through (all empty when safe). */
export interface XssFindings {
  /** `window.__pwned`: undefined unless a vector's script ran. */
  pwned: unknown;
  dialogs: string[];
  /** Elements that may run or load something (outside the page's own head). */
  tags: string[];
  /** Event handler attributes (Preact never writes any). */
  handlers: string[];
  /** `style`, `srcdoc`, `srcset`, `formaction`, `xlink:href`, ... anywhere. */
  attributes: string[];
  /** URL-bearing attributes whose URL is not the web, the extension, or an inline image. */
  urls: string[];
  /** Images that load from another origin than the site's. */
  images: string[];
  /** Controls inside sanitized HTML (markdown, rendered diffs), which never holds any. */
  controls: string[];
}

/**
 * Reads the page's whole DOM (after hovering and focusing every element, so handlers that
 * need an event get one) and reports anything a vector could have left. `siteOrigin` is
 * where images may load from.
 */
export async function findings(page: Page, siteOrigin: string): Promise<XssFindings> {
  return page.evaluate(async (site) => {
    const w = window as unknown as { __dialogs?: string[]; __pwned?: unknown };
    const body = [...document.body.querySelectorAll('*')];
    for (const element of body) {
      for (const type of ['mouseover', 'focus', 'pointerenter', 'animationstart', 'toggle']) {
        element.dispatchEvent(new Event(type, { bubbles: true }));
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
    const describe = (el: Element, what: string) =>
      `${el.tagName.toLowerCase()} ${what} (${(el.textContent ?? '').slice(0, 40)})`;
    const RUNNABLE =
      'script, iframe, frame, frameset, object, embed, applet, svg, math, base, meta, link, ' +
      'style, template, noscript, video, audio, source, track, isindex, keygen, marquee, ' +
      'xmp, portal, fencedframe';
    const tags = [...document.body.querySelectorAll(RUNNABLE)].map((el) => describe(el, 'tag'));
    const everything = [...document.querySelectorAll('*')];
    const handlers = everything.flatMap((el) =>
      [...el.attributes].filter((a) => /^on/i.test(a.name)).map((a) => describe(el, a.name)),
    );
    const FORBIDDEN = ['style', 'srcdoc', 'srcset', 'imagesrcset', 'formaction', 'xlink:href'];
    // The page's own form controls carry inline styles (the composer sizes itself with
    // one; Chromium leaves an empty one on inputs): never content, which is text or sanitized.
    const own = (el: Element, name: string) =>
      name === 'style' &&
      /^(TEXTAREA|INPUT|SELECT)$/.test(el.tagName) &&
      !el.closest('.md, .rendered');
    const attributes = everything.flatMap((el) =>
      [...el.attributes]
        .filter((a) => FORBIDDEN.includes(a.name.toLowerCase()) && !own(el, a.name))
        .map((a) => describe(el, `${a.name}="${a.value.slice(0, 60)}"`)),
    );
    const URL_ATTRS = [
      'href',
      'src',
      'action',
      'formaction',
      'xlink:href',
      'poster',
      'background',
      'cite',
      'data',
      'codebase',
      'classid',
      'longdesc',
      'lowsrc',
      'dynsrc',
      'usemap',
      'ping',
      'manifest',
      'icon',
      'profile',
      'archive',
    ];
    const urls: string[] = [];
    const images: string[] = [];
    for (const el of everything) {
      for (const attr of el.attributes) {
        if (!URL_ATTRS.includes(attr.name.toLowerCase())) continue;
        let url: URL | undefined;
        try {
          url = new URL(attr.value, document.baseURI);
        } catch {
          url = undefined;
        }
        const inlineImage = el.tagName === 'IMG' && attr.value.startsWith('data:image/');
        const ok =
          inlineImage ||
          (url !== undefined && ['http:', 'https:', 'mailto:'].includes(url.protocol)) ||
          (url?.protocol === 'chrome-extension:' && url.host === location.host);
        if (!ok) urls.push(describe(el, `${attr.name}="${attr.value.slice(0, 60)}"`));
        if (el.tagName === 'IMG' && attr.name === 'src' && !inlineImage && url?.origin !== site)
          images.push(attr.value.slice(0, 80));
      }
    }
    const controls = [...document.querySelectorAll('.md, .rendered')].flatMap((box) =>
      [
        ...box.querySelectorAll('form, input, button, select, textarea, details, dialog, label'),
      ].map((el) => describe(el, 'control')),
    );
    return {
      pwned: w.__pwned,
      dialogs: w.__dialogs ?? ['page not armed'],
      tags,
      handlers,
      attributes,
      urls,
      images,
      controls,
    };
  }, siteOrigin);
}

/**
 * The console errors the corpus is expected to cause: Chromium logs each inline handler
 * DOMPurify's inert parse meets as refused by the panel's Content Security Policy (from
 * DOMPurify's chunk; nothing there can run). Any other, from any other chunk, still fails.
 */
export const INERT_PARSE_REPORTS =
  /\/chunks\/sanitize-[\w-]+\.js: Executing inline event handler violates the following Content Security Policy/;

/** Findings with nothing in them: what every render place must show. */
export const CLEAN: XssFindings = {
  pwned: undefined,
  dialogs: [],
  tags: [],
  handlers: [],
  attributes: [],
  urls: [],
  images: [],
  controls: [],
};
