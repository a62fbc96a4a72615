import { SAFE_CSS_PROPERTIES } from './kses-rules';

/**
 * What `safecss_filter_attr()` of one WordPress version keeps: its `safe_style_css` list,
 * the properties whose `url()`s it checks (the others may not hold one at all), and the CSS
 * functions it removes before looking for `\ ( & = }` or `/*`.
 */
export interface CssProfile {
  version: string;
  properties: ReadonlySet<string>;
  urlProperties: ReadonlySet<string>;
  functions: RegExp;
}

/** WordPress 6.1 (Debian's 6.1.9, measured by tests/integration/wordpress/formats-kses.test.ts). */
export const CSS_6_1: CssProfile = {
  version: '6.1',
  properties: SAFE_CSS_PROPERTIES,
  urlProperties: new Set([
    'background',
    'background-image',
    'cursor',
    'list-style',
    'list-style-image',
  ]),
  functions: /\b(?:var|calc|min|max|minmax|clamp)\(/g,
};

/**
 * WordPress 6.5 (read in 6.5.5's kses.php, measured like 6.1): ten more properties,
 * `filter` may hold a checked `url()`, and `repeat()` is removed like `calc()`.
 */
export const CSS_6_5: CssProfile = {
  version: '6.5',
  properties: new Set([
    ...SAFE_CSS_PROPERTIES,
    'aspect-ratio',
    'background-repeat',
    'bottom',
    'box-shadow',
    'left',
    'position',
    'right',
    'top',
    'writing-mode',
    'z-index',
  ]),
  urlProperties: new Set([...CSS_6_1.urlProperties, 'filter']),
  functions: /\b(?:var|calc|min|max|minmax|clamp|repeat)\(/g,
};

/**
 * The profile of a site's WordPress version (`6.5.5`, from the admin page's `version-6-5-5`
 * body class). Versions from 6.5 on get 6.5's list; anything older, between 6.2 and 6.4
 * (not measured here), or unknown gets 6.1's: the shorter list can only refuse markup that
 * WordPress would keep, never let through markup it would strip.
 */
export function cssProfileFor(version: string | undefined): CssProfile {
  const match = /^(\d+)\.(\d+)/.exec(version ?? '');
  if (!match) return CSS_6_1;
  const [major, minor] = [Number(match[1]), Number(match[2])];
  return major > 6 || (major === 6 && minor >= 5) ? CSS_6_5 : CSS_6_1;
}
