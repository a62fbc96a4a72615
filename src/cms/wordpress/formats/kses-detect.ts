import { attributeProblem, parseAttributes } from './kses-attributes';
import { findBlockAttributeStrings } from './kses-blocks';
import type { AllowedHtml } from './kses-rules';
import type { CssProfile } from './kses-css-profiles';

const LESS_THAN = /<[^>]*?((?=<)|>|$)/g;
const SPLIT = /(<!--.*?(-->|$))|(<[^>]*(>|$)|>)/g;
const TAG = /^<\s*(\/\s*)?([a-zA-Z0-9-]+)([^>]*)>?$/;
const MAX_DEPTH = 8;
// eslint-disable-next-line no-control-regex -- these are exactly the characters kses drops
const CONTROL = /[\x00-\x08\x0B\x0C\x0E-\x1F]/;
const SLASH_ZERO = /\\+0+/;

/**
 * Characters kses drops from the whole value before it looks at any tag, markup or not:
 * control characters and backslash-zero runs (found by fuzzing: a NUL in a title
 * vanished on save). Empty when there are none.
 */
export function strippedCharacters(value: string): string[] {
  const findings: string[] = [];
  if (CONTROL.test(value))
    findings.push('control characters (such as NUL), which WordPress removes');
  if (SLASH_ZERO.test(value))
    findings.push('a backslash followed by 0 (\\0), which WordPress removes');
  return findings;
}

/**
 * Lists what WordPress's kses would remove from `html` for an account without
 * `unfiltered_html` (G10), in words a person can act on: tags, attributes, URL schemes,
 * CSS declarations, block attributes, and markup that would turn into visible text.
 * Changes that lose nothing (quoting, `&` → `&amp;`, lowercase schemes, spacing inside
 * `style`) are not findings. An empty list means WordPress stores the markup as it is.
 * `css`: the safe-CSS rules of the site's WordPress version (6.1's unless told).
 */
export function findStrippedMarkup(html: string, allowed: AllowedHtml, css?: CssProfile): string[] {
  const findings = new Set<string>();
  for (const finding of strippedCharacters(html)) findings.add(finding);
  detect(html, { allowed, css }, findings, 0);
  return [...findings];
}

type Rules = { allowed: AllowedHtml; css?: CssProfile };

function detect(html: string, rules: Rules, findings: Set<string>, depth: number): void {
  if (depth > MAX_DEPTH) {
    findings.add('markup nested too deeply to check');
    return;
  }
  const text = escapeUnclosed(html, findings);
  for (const value of findBlockAttributeStrings(text, findings)) {
    const inner = new Set<string>();
    detect(value, rules, inner, depth + 1);
    for (const finding of inner) findings.add(`${finding} in a block's attributes`);
  }
  for (const match of text.matchAll(SPLIT)) {
    const token = match[0];
    if (!token.startsWith('<')) continue;
    if (token.startsWith('<!--')) {
      const inner = token.split('<!--').join('').split('-->').join('');
      detect(inner, rules, findings, depth + 1);
      continue;
    }
    checkTag(token, rules, findings);
  }
}

/**
 * `wp_pre_kses_less_than()`: a `<` with another `<` (or the end) before any `>` is escaped
 * to text. Harmless for `a < b`; a loss when it was markup (`<p`, `<!--`, `</`).
 */
function escapeUnclosed(html: string, findings: Set<string>): string {
  return html.replace(LESS_THAN, (segment) => {
    if (segment.includes('>')) return segment;
    if (/^<[a-zA-Z!/?]/.test(segment)) {
      findings.add(`markup cut off by a later "<" (${clip(segment)})`);
    }
    return '&lt;' + segment.slice(1).replace(/</g, '&lt;');
  });
}

function checkTag(token: string, { allowed, css }: Rules, findings: Set<string>): void {
  const match = TAG.exec(token);
  if (!match || /^<\s|^<\/?\s*[0-9]/.test(token)) {
    findings.add(`text between "<" and ">" ${clip(token)}: write &lt; for a plain "<"`);
    return;
  }
  const [, slash, element = '', attrText = ''] = match;
  const tag = element.toLowerCase();
  const rule = allowed.get(tag);
  if (!rule) {
    findings.add(`the <${tag}> tag`);
    return;
  }
  if (slash !== undefined && slash.trim() !== '') return;
  const { attributes, garbage } = parseAttributes(attrText);
  for (const junk of garbage) {
    if (junk !== '/') findings.add(`malformed attribute text ${clip(junk)} in <${tag}>`);
  }
  for (const attr of attributes) {
    const problem = attributeProblem(tag, rule, attr, css);
    if (problem) findings.add(problem);
  }
}

function clip(text: string): string {
  return JSON.stringify(text.length > 40 ? text.slice(0, 40) + '…' : text);
}
