import { checkProtocol, noNull } from './kses-protocol';
import { CSS_6_1, type CssProfile } from './kses-css-profiles';

/** What `safecss_filter_attr()` keeps of a style attribute and which declarations it drops. */
export interface StyleCheck {
  kept: string;
  dropped: string[];
}

const GRADIENT_PROPERTIES = new Set(['background', 'background-image']);
const GRADIENT = /^(repeating-)?(linear|radial|conic)-gradient\(([^()]|rgb[a]?\([^()]*\))*\)$/;
/** 7.1: every gradient in the value, one level of nested functions (rgb(), var()) inside. */
const EACH_GRADIENT = /(?:repeating-)?(?:linear|radial|conic)-gradient\((?:[^()]|\([^()]*\))*\)/g;

/**
 * Mirrors `safecss_filter_attr()` of the site's WordPress version (`profile`, 6.1 unless
 * told): each declaration is kept when its property is on the safe list (or a `--custom`
 * property), its `url()`s use allowed protocols, and what is left after removing gradients
 * and `var()/calc()/min()/max()/minmax()/clamp()` (6.5: also `repeat()`; 7.1: transform and
 * basic-shape functions too) holds none of `\ ( & = }` or `/*`.
 */
export function checkStyle(css: string, profile: CssProfile = CSS_6_1): StyleCheck {
  const items = noNull(css)
    .replace(/[\n\r\t]/g, '')
    .trim()
    .split(';');
  const kept: string[] = [];
  const dropped: string[] = [];
  for (const raw of items) {
    if (raw === '') continue;
    const item = raw.trim();
    (declarationKept(item, profile) ? kept : dropped).push(item);
  }
  return { kept: kept.join(';'), dropped };
}

function declarationKept(item: string, profile: CssProfile): boolean {
  const colon = item.indexOf(':');
  if (colon === -1) return safeRest(item, profile);
  const property = item.slice(0, colon).trim();
  const value = item.slice(colon + 1);
  const custom = /^--[a-zA-Z0-9-_]+$/.test(property);
  if (!custom && !profile.properties.has(property)) return false;
  const trimmed = value.trim();
  const hasUrl = custom ? trimmed.startsWith('url(') : profile.urlProperties.has(property);
  const hasGradient = custom ? trimmed.includes('-gradient(') : GRADIENT_PROPERTIES.has(property);
  let test = item;
  if (hasUrl) {
    for (const match of value.match(/url\([^)]+\)/g) ?? []) {
      const pieces = /^url\(\s*(['"]?)(.*)(\1)\s*\)$/.exec(match);
      const url = pieces?.[2]?.trim();
      if (!url || checkProtocol(url).value !== url) return false;
      test = test.split(match).join('');
    }
  }
  if (hasGradient && profile.gradients === 'each') {
    for (const match of test.match(EACH_GRADIENT) ?? []) test = test.split(match).join('');
  } else if (hasGradient && GRADIENT.test(trimmed)) test = test.split(trimmed).join('');
  return safeRest(test, profile);
}

function safeRest(test: string, profile: CssProfile): boolean {
  return !/[\\(&=}]|\/\*/.test(removeFunctions(test, profile.functions));
}

/** Removes `var(…)`, `calc(…)` and the like with balanced parentheses, as kses's regex does. */
function removeFunctions(text: string, functions: RegExp): string {
  const FUNCTION_START = new RegExp(functions.source, 'g');
  let out = '';
  let from = 0;
  for (let match = FUNCTION_START.exec(text); match; match = FUNCTION_START.exec(text)) {
    const open = match.index + match[0].length - 1;
    const close = matchingParen(text, open);
    if (close === -1) continue;
    out += text.slice(from, match.index);
    from = close + 1;
    FUNCTION_START.lastIndex = from;
  }
  return out + text.slice(from);
}

function matchingParen(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')' && --depth === 0) return i;
  }
  return -1;
}
