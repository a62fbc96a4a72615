import { describe, expect, it } from 'vitest';
import { findStrippedMarkup } from '../../../../src/cms/wordpress/formats/kses-detect';
import { POST_HTML, TITLE_HTML } from '../../../../src/cms/wordpress/formats/kses-rules';

/**
 * G10: the detector mirrors kses. Each "kept" case was stored unchanged on WordPress 6.1 by
 * an account without unfiltered_html; each "stripped" case lost what the finding names
 * (the integration test tests/integration/wordpress/formats-kses.test.ts proves both).
 */
describe('findStrippedMarkup (G10)', () => {
  it.each([
    '<p><strong>bold</strong> and <a href="https://example.test/">a link</a></p>',
    '<!-- wp:paragraph -->\n<p>Block <em>content</em></p>\n<!-- /wp:paragraph -->',
    '<p style="color:red">red</p><span style="--wp--x:1px;color:var(--a)">v</span>',
    '<span style="width:calc(1px + 2px)">c</span><p class="c" id="i" data-x="1">d</p>',
    '<a href="mailto:a@b.c" target="_blank" rel="noopener">m</a><a href="#x">h</a>',
    '<a href="/page/">relative</a><img src="https://x.test/y.png" alt="a" />',
    '<!-- wp:heading {"level":2} -->\n<h2>Title</h2>\n<!-- /wp:heading -->',
    'a < b and plain text & more',
    '<a download>file</a><br /><hr>',
  ])('keeps %s', (html) => {
    expect(findStrippedMarkup(html, POST_HTML)).toEqual([]);
  });

  it.each([
    ['<script>alert(1)</script>', 'the <script> tag'],
    ['<img src="x" onerror="alert(3)">', 'the onerror attribute on <img>'],
    ['<p onclick="x()">P</p>', 'the onclick attribute on <p>'],
    ['<iframe src="https://x.test/"></iframe>', 'the <iframe> tag'],
    ['<a href="javascript:alert(4)">j</a>', 'the javascript: URL in the href attribute on <a>'],
    ['<a href="/rel:ative">r</a>', 'the /rel: URL in the href attribute on <a>'],
    ['<img src="data:image/png;base64,AA">', 'the data: URL in the src attribute on <img>'],
    ['<span style="position:fixed">s</span>', 'the style attribute on <span> (position:fixed)'],
    [
      '<span style="color:red;position:fixed">s</span>',
      'CSS "position:fixed" in the style attribute on <span>',
    ],
    [
      '<span style="background:url(javascript:x)">b</span>',
      'the style attribute on <span> (background:url(javascript:x))',
    ],
    ['<a download="f.pdf">d</a>', 'a value for the download attribute on <a>'],
    ['1 < 2 and 3 > 2', 'text between "<" and ">" "< 2 and 3 >": write &lt; for a plain "<"'],
    ['<>', 'text between "<" and ">" "<>": write &lt; for a plain "<"'],
    ['<!-- <script>c</script> -->', 'markup cut off by a later "<" ("<!-- ")'],
    ['<object data="x.pdf" type="application/pdf"></object>', 'the <object> tag'],
    [
      '<!-- wp:paragraph {"a":1,} -->\n<p>x</p>\n<!-- /wp:paragraph -->',
      'the attributes of the paragraph block, which are not valid JSON',
    ],
    [
      '<!-- wp:paragraph {"x":"\\u003cb onclick=\\u0022y\\u0022\\u003eok\\u003c/b\\u003e"} -->',
      "the onclick attribute on <b> in a block's attributes",
    ],
  ])('flags %s', (html, finding) => {
    expect(findStrippedMarkup(html, POST_HTML)).toContain(finding);
  });

  it('applies the title list to titles: few tags and no class', () => {
    expect(findStrippedMarkup('K <b class="x">t</b> <em>e</em>', TITLE_HTML)).toEqual([
      'the class attribute on <b>',
    ]);
    expect(findStrippedMarkup('<p>para</p>', TITLE_HTML)).toEqual(['the <p> tag']);
    expect(findStrippedMarkup('Ben & Jerry <em>now</em>', TITLE_HTML)).toEqual([]);
  });

  it('names each problem once', () => {
    const html = '<script>a</script><script>b</script>';
    expect(findStrippedMarkup(html, POST_HTML)).toEqual(['the <script> tag']);
  });
});
