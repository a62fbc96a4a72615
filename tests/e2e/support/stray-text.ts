import type { Page } from '@playwright/test';

/** Text a page shows that did not come from the catalogue (issue 37 item 5). */
export interface Stray {
  text: string;
  where: string;
}

/**
 * Every text node, `aria-label`, `title`, `placeholder` and `alt` in the panel that holds a
 * letter outside ⟦…⟧, skipping exempt containers (and, until the worker speaks the
 * catalogue, the background's own text).
 */
export function strayText(
  page: Page,
  { skipWorker = false, root = 'main.panel' }: { skipWorker?: boolean; root?: string } = {},
): Promise<Stray[]> {
  return page.evaluate(
    ({ skipWorkerText, rootSelector }) => {
      // `data-i18n-pending`: text not yet in the catalogue, each with its reason (docs/languages.md
      // lists them); the test below keeps that list from growing unseen.
      const skip = skipWorkerText
        ? '[data-i18n-exempt], [data-i18n-pending], [data-i18n-worker]'
        : '[data-i18n-exempt], [data-i18n-pending]';
      const outside = (text: string) => {
        let rest = text;
        for (let before = ''; before !== rest;) {
          before = rest;
          rest = rest.replace(/⟦[^⟦⟧]*⟧/g, '');
        }
        return /\p{L}/u.test(rest) ? rest.trim() : '';
      };
      const where = (el: Element) => {
        const parts: string[] = [];
        for (let at: Element | null = el; at && parts.length < 3; at = at.parentElement) {
          const id = at.getAttribute('data-testid');
          parts.unshift(
            at.tagName.toLowerCase() +
              (id ? `[${id}]` : at.className ? `.${String(at.className).split(' ')[0]}` : ''),
          );
        }
        return parts.join(' > ');
      };
      const found: { text: string; where: string }[] = [];
      const root = document.querySelector(rootSelector) ?? document.body;
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement!;
        // `time`: a date or time formatted by Intl in the page's language, not catalogue text.
        if (parent.closest(skip) || parent.closest('script, style, time')) continue;
        // Hidden text is skipped, but not screen-reader text (it is spoken) nor options.
        if (!parent.checkVisibility() && !parent.closest('option')) continue;
        const stray = outside(node.textContent ?? '');
        if (stray) found.push({ text: stray, where: where(parent) });
      }
      for (const el of root.querySelectorAll('[aria-label], [title], [placeholder], [alt]')) {
        if (el.closest(skip)) continue;
        // Only this element's labels come from elsewhere (its content is checked).
        const from = el.getAttribute('data-i18n-label');
        if (from === 'exempt' || (from === 'worker' && skipWorkerText)) continue;
        for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
          const stray = outside(el.getAttribute(name) ?? '');
          if (stray) found.push({ text: `${name}="${stray}"`, where: where(el) });
        }
      }
      return found;
    },
    { skipWorkerText: skipWorker, rootSelector: root },
  );
}
