import { SAFE_CSS_PROPERTIES } from './kses-rules';

/**
 * What `safecss_filter_attr()` of one WordPress version keeps: its `safe_style_css` list,
 * the properties whose `url()`s it checks (the others may not hold one at all), the CSS
 * functions it removes before looking for `\ ( & = }` or `/*`, and how it removes gradients
 * of `background`: only a value that is one gradient as a whole (before 7.1), or each
 * gradient in the value, one level of nested functions allowed (7.1).
 */
export interface CssProfile {
  version: string;
  properties: ReadonlySet<string>;
  urlProperties: ReadonlySet<string>;
  functions: RegExp;
  gradients: 'whole' | 'each';
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
  gradients: 'whole',
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
  gradients: 'whole',
};

/**
 * WordPress 6.8 (read in Debian trixie's 6.8.12 kses.php, measured like 6.1): 6.6's
 * `grid-column`, `grid-row` and `container-type`, and `opacity`.
 */
export const CSS_6_8: CssProfile = {
  ...CSS_6_5,
  version: '6.8',
  properties: new Set([
    ...CSS_6_5.properties,
    'container-type',
    'grid-column',
    'grid-row',
    'opacity',
  ]),
};

/** The SVG presentation properties 7.1 added to `safe_style_css` (read in 7.1.4's kses.php). */
const SVG_PROPERTIES_7_1 = `fill fill-opacity fill-rule stroke stroke-dasharray stroke-dashoffset
  stroke-linecap stroke-linejoin stroke-miterlimit stroke-opacity stroke-width color-interpolation
  color-interpolation-filters paint-order stop-color stop-opacity flood-color flood-opacity
  lighting-color marker marker-end marker-mid marker-start clip-path clip-rule mask mask-type cx
  cy r rx ry x y d alignment-baseline baseline-shift dominant-baseline glyph-orientation-horizontal
  glyph-orientation-vertical text-anchor unicode-bidi word-spacing font-size-adjust font-stretch
  color-rendering image-rendering shape-rendering text-rendering vector-effect transform
  transform-origin pointer-events visibility`.split(/\s+/);

/**
 * WordPress 7.1 (read in Debian sid's 7.1.4 kses.php, measured like 6.1): `display`,
 * `white-space` and the SVG presentation properties; `url()` checked in `fill`, `stroke`,
 * `mask`, `clip-path` and the markers; transform and basic-shape functions removed like
 * `calc()`; each gradient of a `background` removed, also beside an image.
 */
export const CSS_7_1: CssProfile = {
  version: '7.1',
  properties: new Set([...CSS_6_8.properties, 'display', 'white-space', ...SVG_PROPERTIES_7_1]),
  urlProperties: new Set([
    ...CSS_6_5.urlProperties,
    'clip-path',
    'fill',
    'marker',
    'marker-end',
    'marker-mid',
    'marker-start',
    'mask',
    'stroke',
  ]),
  functions: new RegExp(
    '\\b(?:var|calc|min|max|minmax|clamp|repeat' +
      '|matrix|matrix3d|perspective|rotate|rotate3d|rotateX|rotateY|rotateZ' +
      '|scale|scale3d|scaleX|scaleY|scaleZ|skew|skewX|skewY' +
      '|translate|translate3d|translateX|translateY|translateZ' +
      '|circle|ellipse|inset|path|polygon|rect|shape|xywh)\\(',
    'g',
  ),
  gradients: 'each',
};

/**
 * The profile of a site's WordPress version (`7.1.4`, from the admin page's `version-7-1-4`
 * body class): the newest measured version at or below it. Versions between measured ones
 * (6.2-6.4, 6.6-6.7, 7.0) or unknown get the older list: lists only grow, so the shorter one
 * can only refuse markup that WordPress would keep, never let through markup it would strip.
 */
export function cssProfileFor(version: string | undefined): CssProfile {
  const match = /^(\d+)\.(\d+)/.exec(version ?? '');
  if (!match) return CSS_6_1;
  const at = Number(match[1]) * 100 + Number(match[2]);
  if (at >= 701) return CSS_7_1;
  if (at >= 608) return CSS_6_8;
  return at >= 605 ? CSS_6_5 : CSS_6_1;
}
