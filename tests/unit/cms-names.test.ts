// Issue 35 item 5: WordPress is one adapter. Its names (REST roots, the nonce header, admin
// screens and globals, tool names) are spoken in `src/cms/wordpress` and the entrypoints
// that wire it (content scripts, background.ts); everywhere else reaches WordPress through
// the adapter. Comments and people's words (the message catalogue) may name WordPress.
// The files that still speak its names are listed with why, and each must still need its
// place: the list only shrinks.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '../..');

/** What only WordPress calls so: in strings, templates and patterns, and as identifiers. */
const WORDPRESS_TEXT =
  /wp-json|x-wp-nonce|rest_route|wp-admin|admin-ajax|wp-login|rest_cookie_invalid_nonce|rest_no_route|\bwp_[a-z][a-z_]*/i;
const WORDPRESS_IDENTIFIERS = new Set(['pagenow', 'typenow', 'adminAjaxUrl', 'wpApiSettings']);

/** Where WordPress's names belong. */
const HOME = [/^src\/cms\/wordpress\//, /^src\/i18n\/messages\//];

/** Files outside that still speak a WordPress name, and why (item 5 moves them). */
const NOT_YET: Record<string, string> = {
  'src/ui/markdown/link-target.ts':
    "R5: the panel resolves an answer's admin links (/wp-admin/…, post.php) and refuses any that act, on any WordPress site; pages cannot reach the adapter",
  'src/ui/panel/tab-states.tsx':
    'the panel\'s own "no tab" state says where the admin is (/wp-admin/) without asking the background',
  'src/shared/admin-action.ts':
    'R5: which WordPress admin links act when followed, shared by the panel and the adapter',
  'src/shared/log.ts': 'redaction of credential headers, the nonce among them',
  'src/audit/site-root.ts': "the mirror's queue keys normalize WordPress's two REST root forms",
  'src/audit/record-schema.ts': 'records written before sites were told apart name the origin root',
  'src/background/mirror/plugin-errors.ts':
    "the companion plugin's refusals are WordPress REST errors (rest_no_route, the nonce)",
  'src/background/mirror/site-state.ts':
    "mirror states stored before 2026-12-06 name the token's address adminAjaxUrl (renamed on read)",
  'src/agent/claude/failure-message.ts':
    "the site's AI connection is the companion plugin's route: a missing one is rest_no_route",
  'src/settings/policy-file.ts':
    "the example policy in the admin's error message names a real tool",
  'src/tools/tool-definition-checks.ts': 'the example name in the tool-definition check',
};

/** Tokens after which a slash divides (else it starts a regular expression). */
const AFTER_OPERAND = new Set([
  ts.SyntaxKind.Identifier,
  ts.SyntaxKind.CloseParenToken,
  ts.SyntaxKind.CloseBracketToken,
  ts.SyntaxKind.NumericLiteral,
  ts.SyntaxKind.StringLiteral,
  ts.SyntaxKind.ThisKeyword,
]);

/** The WordPress names a source file speaks in code, comments left out. */
function wordpressNamesIn(path: string, text: string): string[] {
  const variant = path.endsWith('.tsx') ? ts.LanguageVariant.JSX : ts.LanguageVariant.Standard;
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, true, variant, text);
  const found: string[] = [];
  // Open braces, and which of them a template's `${` opened: its `}` goes on with the template.
  const braces: ('brace' | 'template')[] = [];
  let previous = ts.SyntaxKind.Unknown;
  for (let kind = scanner.scan(); kind !== ts.SyntaxKind.EndOfFileToken; kind = scanner.scan()) {
    // A slash where an expression starts is a regular expression.
    if (
      (kind === ts.SyntaxKind.SlashToken || kind === ts.SyntaxKind.SlashEqualsToken) &&
      !AFTER_OPERAND.has(previous)
    )
      kind = scanner.reScanSlashToken();
    if (kind === ts.SyntaxKind.OpenBraceToken) braces.push('brace');
    if (kind === ts.SyntaxKind.CloseBraceToken && braces.pop() === 'template')
      kind = scanner.reScanTemplateToken(false);
    if (kind === ts.SyntaxKind.TemplateHead || kind === ts.SyntaxKind.TemplateMiddle)
      braces.push('template');
    const token = scanner.getTokenText();
    if (kind === ts.SyntaxKind.Identifier && WORDPRESS_IDENTIFIERS.has(token)) found.push(token);
    else if (kind !== ts.SyntaxKind.Identifier) {
      const match = WORDPRESS_TEXT.exec(token);
      if (match) found.push(match[0]);
    }
    previous = kind;
  }
  return found;
}

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

const SPEAKING = new Map(
  sources('src')
    .filter((path) => !HOME.some((home) => home.test(path)))
    .map((path) => [path, wordpressNamesIn(path, readFileSync(join(ROOT, path), 'utf8'))] as const)
    .filter(([, names]) => names.length > 0),
);

describe('WordPress names stay in its adapter (issue 35 item 5)', () => {
  it('finds names in code and not in comments', () => {
    const code = [
      '// wp-json in a comment',
      '/** pagenow, X-WP-Nonce */',
      "const a = 'wp_update_post';",
      'const b = `${root}wp-json/`;',
      'const c = /index\\.php\\?rest_route=/;',
      'const { pagenow } = screen;',
      'const n = total / 2; const d = other / 3;',
      'const f = `a${`b${c}`}d` + `${{ x: 1 }.x}wp-login`; // wp_x',
    ].join('\n');
    expect(wordpressNamesIn('x.ts', code)).toEqual([
      'wp_update_post',
      'wp-json',
      'rest_route',
      'pagenow',
      'wp-login',
    ]);
    expect(wordpressNamesIn('x.tsx', "const e = <p title='/wp-admin/'>{t('k')}</p>;")).toEqual([
      'wp-admin',
    ]);
  });

  it('no file outside src/cms/wordpress speaks them, but those listed with their reason', () => {
    const unlisted = [...SPEAKING].filter(([path]) => !(path in NOT_YET));
    expect(unlisted, 'WordPress names outside the adapter: reach them through CmsAdapter').toEqual(
      [],
    );
  });

  it('every listed file still speaks one (the list only shrinks)', () => {
    const done = Object.keys(NOT_YET).filter((path) => !SPEAKING.has(path));
    expect(done, 'no WordPress names left: take the file off NOT_YET').toEqual([]);
  });
});
