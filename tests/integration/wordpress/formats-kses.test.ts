// G10, proven on the real site: for each case, editor2 (an editor without unfiltered_html)
// saves the markup through plain REST, and the detector's verdict must match what
// WordPress stored: no findings exactly when the markup came back unchanged (up to the
// entity normalisation kses applies to & < >, which loses nothing).
import { describe, expect, inject, it } from 'vitest';
import { as } from './support';
import { findStrippedMarkup } from '../../../src/cms/wordpress/formats/kses-detect';
import { POST_HTML, TITLE_HTML } from '../../../src/cms/wordpress/formats/kses-rules';
import { cssProfileFor } from '../../../src/cms/wordpress/formats/kses-css-profiles';

/** The safe-CSS rules of the stack's WordPress version, as the adapter picks them. */
const CSS = cssProfileFor(inject('wpSeed').wpVersion);

const CONTENT_CASES = [
  // Kept: ordinary markup, blocks, and style attributes as WordPress keeps them.
  '<p><strong>bold</strong> and <a href="https://example.test/">a link</a></p>',
  '<!-- wp:paragraph -->\n<p>Block <em>content</em></p>\n<!-- /wp:paragraph -->',
  '<!-- wp:heading {"level":3} -->\n<h3>Heading</h3>\n<!-- /wp:heading -->',
  '<p style="color:red">red</p>',
  '<span style="--wp--x:1px;color:var(--a)">v</span>',
  '<span style="width:calc(1px + 2px)">c</span>',
  '<p class="c" id="i" data-x="1" aria-label="l">d</p>',
  '<a href="mailto:a@b.c" target="_blank" rel="noopener">m</a><a href="#x">h</a>',
  '<a href="/page/">relative</a><img src="https://example.test/y.png" alt="a" />',
  '<figure class="wp-block-image"><img src="https://example.test/y.png" alt="" /></figure>',
  '<table><tbody><tr><td colspan="2">cell</td></tr></tbody></table>',
  '<ul><li>one</li><li>two</li></ul><hr /><br />',
  '<details open><summary>More</summary><p>hidden</p></details>',
  '<a download>file</a>',
  'a < b and plain text & more',
  // Stripped: each loses something.
  '<script>alert(1)</script>',
  '<p onclick="x()">P</p>',
  '<img src="x" onerror="alert(3)">',
  '<iframe src="https://example.test/"></iframe>',
  '<a href="javascript:alert(4)">j</a>',
  '<a href="/rel:ative">r</a>',
  '<img src="data:image/png;base64,AA">',
  '<span style="position:fixed">s</span>',
  '<span style="color:red;position:fixed">s</span>',
  '<span style="background:url(javascript:x)">b</span>',
  '<span style="color:red\\9">s</span>',
  '<a download="f.pdf">d</a>',
  '1 < 2 and 3 > 2',
  '<!-- <script>c</script> -->',
  '<form action="/x"><input name="a"></form>',
  '<svg><circle r="1"></circle></svg>',
  '<style>p{color:red}</style>',
  '<!-- wp:paragraph {"a":1,} -->\n<p>x</p>\n<!-- /wp:paragraph -->',
  '<!-- wp:paragraph {"x":"\\u003cb onclick=\\u0022y\\u0022\\u003eok\\u003c/b\\u003e"} -->\n<p>x</p>\n<!-- /wp:paragraph -->',
  '<object data="https://example.test/x.pdf" type="application/pdf"></object>',
  // Kept by 6.5, stripped by 6.1: the versions' own safe-CSS rules.
  '<span style="position:sticky;top:0">s</span>',
  '<span style="z-index:2;left:1px">z</span>',
  '<span style="box-shadow:1px 1px 2px red">b</span>',
  '<span style="aspect-ratio:16/9">a</span>',
  '<span style="background-repeat:no-repeat">r</span>',
  '<span style="writing-mode:vertical-rl">w</span>',
  '<div style="grid-template-columns:repeat(2, 1fr)">g</div>',
  '<span style="filter:url(https://example.test/f.svg)">f</span>',
  // Kept by 6.8 (6.6's grid placement, 6.8's opacity), stripped by 6.1 and 6.5.
  '<span style="opacity:0.5">o</span>',
  '<div style="grid-column:1 / 3;grid-row:2">g</div>',
  '<div style="container-type:inline-size">c</div>',
  // Kept by 7.1, stripped by 6.8: display and white-space, SVG presentation properties (with a
  // checked url()), transform and basic-shape functions, a gradient beside an image.
  '<span style="display:none">d</span>',
  '<span style="white-space:nowrap">w</span>',
  '<span style="fill:url(https://example.test/p.svg);stroke-width:2">s</span>',
  '<span style="transform:rotate(45deg) translateX(2px)">t</span>',
  '<div style="clip-path:circle(50%)">c</div>',
  '<div style="background:url(https://example.test/a.png),linear-gradient(red,blue)">b</div>',
  // Stripped by every version: a url() with a protocol kses refuses, a function none removes.
  '<span style="fill:url(javascript:x)">f</span>',
  '<span style="transform:expression(x)">t</span>',
];

const TITLE_CASES = [
  'Plain title',
  'Title with <em>emphasis</em> and <strong>strength</strong>',
  'Ben & Jerry',
  'Title <script>alert(1)</script>',
  'Title <b class="x">bold</b>',
  'Title <p>para</p>',
  'Title <a href="javascript:x">j</a>',
];

/** kses turns a lone & into &amp; and a lone < into &lt;: the same text, not a loss. */
function same(stored: string, sent: string): boolean {
  const norm = (text: string) =>
    text.replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>');
  return norm(stored) === norm(sent);
}

async function saveAsFiltered(fields: { title?: string; content?: string }) {
  const { http } = await as('editor2');
  const response = await http.rest<{ title: { raw: string }; content: { raw: string } }>(
    'POST',
    '/wp/v2/posts?context=edit',
    { status: 'draft', title: 'kses case', content: 'x', ...fields },
  );
  expect(response.status).toBe(201);
  return response.body;
}

describe('G10 detector against WordPress kses (editor2, no unfiltered_html)', () => {
  it('editor2 really lacks unfiltered_html', async () => {
    expect((await as('editor2')).ctx.user.capabilities['unfiltered_html']).toBeUndefined();
  });

  it.each(CONTENT_CASES)('content %j', async (html) => {
    const stored = await saveAsFiltered({ content: html });
    const findings = findStrippedMarkup(html, POST_HTML, CSS);
    const why = JSON.stringify({ findings, stored: stored.content.raw, css: CSS.version });
    expect(findings.length === 0, why).toBe(same(stored.content.raw, html));
  });

  it('agrees with WordPress on a matrix of tags and attributes', async () => {
    const tags = ['p', 'span', 'a', 'img', 'div', 'em', 'video', 'button', 'input', 'iframe'];
    const attrs = [
      'class="c"',
      'style="color:red"',
      'style="display:none"',
      'onclick="x()"',
      'href="https://example.test/"',
      'href="javascript:x()"',
      'src="https://example.test/a.png"',
      'title="t"',
      'data-a="1"',
      'data-A.b="1"',
      'formaction="https://example.test/"',
      'align="left"',
    ];
    const mismatches: string[] = [];
    for (const tag of tags) {
      for (const attr of attrs) {
        const html = `<${tag} ${attr}>x</${tag}>`;
        const stored = (await saveAsFiltered({ content: html })).content.raw;
        const clean = findStrippedMarkup(html, POST_HTML, CSS).length === 0;
        if (clean !== same(stored, html)) mismatches.push(`${html} → ${stored}`);
      }
    }
    expect(mismatches).toEqual([]);
  });

  it.each(TITLE_CASES)('title %j', async (title) => {
    const stored = await saveAsFiltered({ title });
    const findings = findStrippedMarkup(title, TITLE_HTML);
    expect(findings.length === 0).toBe(same(stored.title.raw, title));
  });

  it('an editor with unfiltered_html keeps everything, so no refusal is needed', async () => {
    const { http } = await as('editor1');
    const html = CONTENT_CASES.find((c) => c.startsWith('<script'))!;
    const response = await http.rest<{ content: { raw: string } }>(
      'POST',
      '/wp/v2/posts?context=edit',
      { status: 'draft', title: 'unfiltered', content: html },
    );
    expect(response.body.content.raw).toBe(html);
  });
});
