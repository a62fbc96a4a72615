import { describe, expect, it } from 'vitest';
import {
  findFormatProblems,
  formatRefusal,
} from '../../../../src/cms/wordpress/formats/check-formats';
import { POST_FORMAT_FIELDS } from '../../../../src/cms/wordpress/post-write';
import { escHtml } from '../../../../src/cms/wordpress/settings-fields';
import { checkStyle } from '../../../../src/cms/wordpress/formats/kses-css';
import { checkProtocol } from '../../../../src/cms/wordpress/formats/kses-protocol';
import {
  CSS_6_1,
  CSS_6_5,
  CSS_6_8,
  CSS_7_1,
  cssProfileFor,
} from '../../../../src/cms/wordpress/formats/kses-css-profiles';
import { readWordPressContext } from '../../../../src/cms/wordpress/read-context';

/** G10: refusals name the field; the pure parts mirror WordPress 6.1. */
describe('G10 format refusals', () => {
  it('names each field with what WordPress would remove', () => {
    const problems = findFormatProblems(
      {
        title: 'Fine <em>title</em>',
        content: '<p onclick="x()">P</p>',
        excerpt: '<script>x</script>',
      },
      POST_FORMAT_FIELDS,
    );
    expect(problems).toEqual([
      { field: 'content', findings: ['the onclick attribute on <p>'] },
      { field: 'excerpt', findings: ['the <script> tag'] },
    ]);
    const refusal = formatRefusal(problems, new Set(['content']));
    expect(refusal).toMatchObject({ ok: false, fields: ['content', 'excerpt'] });
    if (!refusal.ok) {
      expect(refusal.message).toContain('the content field uses the onclick attribute on <p>');
      expect(refusal.message).toContain('the excerpt field, which this call leaves as it is');
    }
  });

  it('passes values without markup problems', () => {
    expect(
      findFormatProblems({ content: '<p><strong>x</strong></p>', title: 3 }, POST_FORMAT_FIELDS),
    ).toEqual([]);
    expect(formatRefusal([], new Set())).toEqual({ ok: true });
  });
});

describe('kses pieces', () => {
  it('filters CSS like safecss_filter_attr', () => {
    expect(checkStyle('color: red; position:fixed;')).toEqual({
      kept: 'color: red',
      dropped: ['position:fixed'],
    });
    expect(checkStyle('background:url(https://x.test/a.png)').dropped).toEqual([]);
    expect(checkStyle('background:linear-gradient(red,blue)').dropped).toEqual([]);
    expect(checkStyle('width:calc(100% - var(--a))').dropped).toEqual([]);
    expect(checkStyle('color:expression(alert(1))').dropped).toEqual([
      'color:expression(alert(1))',
    ]);
    expect(checkStyle('COLOR:red').dropped).toEqual(['COLOR:red']);
  });

  it("uses the site's version's safe-CSS rules: 6.5 keeps what 6.1 strips", () => {
    const newer =
      'position:sticky;top:0;box-shadow:1px 1px red;grid-template-columns:repeat(2, 1fr)';
    expect(checkStyle(newer, CSS_6_1).kept).toBe('');
    expect(checkStyle(newer, CSS_6_5).dropped).toEqual([]);
    expect(checkStyle('filter:url(https://x.test/f.svg)', CSS_6_1).kept).toBe('');
    expect(checkStyle('filter:url(https://x.test/f.svg)', CSS_6_5).dropped).toEqual([]);
    expect(checkStyle('filter:url(javascript:x)', CSS_6_5).kept).toBe('');
    expect(
      findFormatProblems({ content: `<p style="${newer}">x</p>` }, POST_FORMAT_FIELDS, CSS_6_5),
    ).toEqual([]);
  });

  it('7.1 keeps display, SVG properties, transforms and a gradient beside an image; 6.8 not', () => {
    const newer = [
      'display:none',
      'white-space:nowrap',
      'fill:url(https://x.test/p.svg)',
      'stroke-width:2',
      'transform:rotate(45deg) translateX(2px)',
      'clip-path:circle(50%)',
      'background:url(https://x.test/a.png),linear-gradient(red,rgb(0,0,0))',
    ];
    for (const css of newer) {
      expect(checkStyle(css, CSS_6_8).kept, css).toBe('');
      expect(checkStyle(css, CSS_7_1).dropped, css).toEqual([]);
    }
    // What 7.1 still strips: a refused protocol, a function it does not remove, a lone paren.
    expect(checkStyle('fill:url(javascript:x)', CSS_7_1).kept).toBe('');
    expect(checkStyle('transform:expression(x)', CSS_7_1).kept).toBe('');
    expect(checkStyle('background:linear-gradient(red,a(b(c)))', CSS_7_1).kept).toBe('');
    expect(checkStyle('Transform:rotate(1deg)', CSS_7_1).kept).toBe('');
  });

  it('6.8 keeps opacity and grid placement that 6.5 strips', () => {
    const newer = 'opacity:0.5;grid-column:1 / 3;grid-row:2;container-type:inline-size';
    expect(checkStyle(newer, CSS_6_5).kept).toBe('');
    expect(checkStyle(newer, CSS_6_8).dropped).toEqual([]);
  });

  it('picks the rules by version; unknown and unmeasured versions get the shorter list', () => {
    expect(cssProfileFor('6.5.5')).toBe(CSS_6_5);
    expect(cssProfileFor('6.7.2')).toBe(CSS_6_5);
    expect(cssProfileFor('6.8')).toBe(CSS_6_8);
    expect(cssProfileFor('6.8.12')).toBe(CSS_6_8);
    expect(cssProfileFor('7.0.1')).toBe(CSS_6_8);
    expect(cssProfileFor('7.1.4')).toBe(CSS_7_1);
    expect(cssProfileFor('7.2')).toBe(CSS_7_1);
    expect(cssProfileFor('6.1.9')).toBe(CSS_6_1);
    expect(cssProfileFor('6.3.2')).toBe(CSS_6_1);
    expect(cssProfileFor(undefined)).toBe(CSS_6_1);
    expect(cssProfileFor('latest')).toBe(CSS_6_1);
  });

  it("reads the version from the admin page's body class", () => {
    const globals = {
      pagenow: 'dashboard',
      typenow: '',
      adminpage: 'index-php',
      userSettingsUid: '1',
    };
    const dom = (bodyClasses: string[]) => ({
      href: 'http://127.0.0.1:8920/wp-admin/index.php',
      bodyClasses,
      hasClassicForm: false,
    });
    const read = (classes: string[]) => {
      const reading = readWordPressContext(globals, dom(classes));
      return reading.ok ? reading.context.wpVersion : reading.reason;
    };
    expect(read(['wp-admin', 'branch-6-5', 'version-6-5-5'])).toBe('6.5.5');
    expect(read(['wp-admin', 'version-6-1'])).toBe('6.1');
    expect(read(['wp-admin', 'version-x'])).toBeUndefined();
  });

  it('checks protocols like wp_kses_bad_protocol', () => {
    expect(checkProtocol('https://x.test/')).toEqual({ value: 'https://x.test/', removed: [] });
    expect(checkProtocol('HTTP://x.test').value).toBe('http://x.test');
    expect(checkProtocol('javascript:alert(1)').removed).toEqual(['javascript:']);
    expect(checkProtocol('java&#115;cript:x').removed).toEqual(['java&#115;cript:']);
    expect(checkProtocol('jav&#x0A;ascript:x').removed.length).toBe(1);
    expect(checkProtocol('/path?a=b:c').removed).toEqual(['/path?a=b:']);
    expect(checkProtocol('/p/?a:b').removed).toEqual([]);
    expect(checkProtocol('#anchor').removed).toEqual([]);
  });

  it('escapes settings like esc_html', () => {
    expect(escHtml(`A & B <b>x</b> "q" 's &amp; &copy;`)).toBe(
      'A &amp; B &lt;b&gt;x&lt;/b&gt; &quot;q&quot; &#039;s &amp; &copy;',
    );
  });
});

describe('G10: characters kses drops from plain text too (found by fuzzing)', () => {
  it.each([
    ['a NUL', 'Title\u0000', /control characters/],
    ['a vertical tab', 'a\u000bb', /control characters/],
    ['a backslash-zero run', 'C:\\0temp', /backslash followed by 0/],
  ])('%s in a title is refused, naming the field', (_what, title, finding) => {
    const [problem] = findFormatProblems({ title }, POST_FORMAT_FIELDS);
    expect(problem?.field).toBe('title');
    expect(problem?.findings.join(' ')).toMatch(finding);
  });

  it('tabs, newlines and other text pass', () => {
    expect(findFormatProblems({ title: 'a\tb\r\nc é 😀 \\n' }, POST_FORMAT_FIELDS)).toEqual([]);
  });
});
