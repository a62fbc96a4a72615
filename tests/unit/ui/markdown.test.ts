import { describe, expect, it } from 'vitest';
import { markdownHtml } from '../../../src/ui/markdown/markdown-html';

const ADMIN = 'https://example.test/wp-admin/';

describe('markdown subset for assistant text (S1)', () => {
  it('escapes HTML in the text: it shows as text', () => {
    const html = markdownHtml('<script>alert(1)</script> & <img src=x onerror=alert(2)>');
    expect(html).toBe(
      '<p>&lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;img src=x onerror=alert(2)&gt;</p>',
    );
  });

  it('renders bold, italic, code, lists and fenced code', () => {
    expect(markdownHtml('**bold** and *it* and `a<b`')).toBe(
      '<p><strong>bold</strong> and <em>it</em> and <code>a&lt;b</code></p>',
    );
    expect(markdownHtml('- one\n- two')).toBe('<ul><li>one</li><li>two</li></ul>');
    expect(markdownHtml('1. first\n2. second')).toBe('<ol><li>first</li><li>second</li></ol>');
    expect(markdownHtml('```\n<b>x</b>\n```\nafter')).toBe(
      '<pre><code>&lt;b&gt;x&lt;/b&gt;</code></pre><p>after</p>',
    );
  });

  it('keeps line breaks inside a paragraph and splits paragraphs on blank lines', () => {
    expect(markdownHtml('a\nb\n\nc')).toBe('<p>a<br>b</p><p>c</p>');
  });

  it('links only http(s) and admin pages; javascript: stays text', () => {
    expect(markdownHtml('[x](javascript:alert(1))')).not.toContain('<a');
    expect(markdownHtml('[x](data:text/html,hi)')).not.toContain('<a');
    expect(markdownHtml('[edit](post.php?post=4&action=edit)', ADMIN)).toBe(
      '<p><a href="https://example.test/wp-admin/post.php?post=4&amp;action=edit">edit</a></p>',
    );
    expect(markdownHtml('see https://example.test/a.')).toBe(
      '<p>see <a href="https://example.test/a">https://example.test/a</a>.</p>',
    );
  });

  it('quotes in link targets cannot break out of the attribute', () => {
    const html = markdownHtml('[x](https://a.test/"onmouseover="alert(1))');
    expect(html).not.toMatch(/"onmouseover/);
  });

  it('an unclosed fence (still streaming) renders as code so far', () => {
    expect(markdownHtml('```\nconst a = 1;')).toBe('<pre><code>const a = 1;</code></pre>');
  });
});
