import { checkProtocol, noNull } from './kses-protocol';
import { SAFE_CSS_PROPERTIES } from './kses-rules';

/** What `safecss_filter_attr()` keeps of a style attribute and which declarations it drops. */
export interface StyleCheck {
  kept: string;
  dropped: string[];
}

const URL_PROPERTIES = new Set([
  'background',
  'background-image',
  'cursor',
  'list-style',
  'list-style-image',
]);
const GRADIENT_PROPERTIES = new Set(['background', 'background-image']);
const GRADIENT = /^(repeating-)?(linear|radial|conic)-gradient\(([^()]|rgb[a]?\([^()]*\))*\)$/;
const FUNCTION_START = /\b(?:var|calc|min|max|minmax|clamp)\(/g;

/**
 * Mirrors `safecss_filter_attr()` of WordPress 6.1: each declaration is kept when its
 * property is on the safe list (or a `--custom` property), its `url()`s use allowed
 * protocols, and what is left after removing gradients and `var()/calc()/min()/max()/
 * minmax()/clamp()` holds none of `\ ( & = }` or `/*`.
 */
export function checkStyle(css: string): StyleCheck {
  const items = noNull(css)
    .replace(/[\n\r\t]/g, '')
    .trim()
    .split(';');
  const kept: string[] = [];
  const dropped: string[] = [];
  for (const raw of items) {
    if (raw === '') continue;
    const item = raw.trim();
    (declarationKept(item) ? kept : dropped).push(item);
  }
  return { kept: kept.join(';'), dropped };
}

function declarationKept(item: string): boolean {
  const colon = item.indexOf(':');
  if (colon === -1) return safeRest(item);
  const property = item.slice(0, colon).trim();
  const value = item.slice(colon + 1);
  const custom = /^--[a-zA-Z0-9-_]+$/.test(property);
  if (!custom && !SAFE_CSS_PROPERTIES.has(property)) return false;
  const trimmed = value.trim();
  const hasUrl = custom ? trimmed.startsWith('url(') : URL_PROPERTIES.has(property);
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
  if (hasGradient && GRADIENT.test(trimmed)) test = test.split(trimmed).join('');
  return safeRest(test);
}

function safeRest(test: string): boolean {
  return !/[\\(&=}]|\/\*/.test(removeFunctions(test));
}

/** Removes `var(…)`, `calc(…)` and the like with balanced parentheses, as kses's regex does. */
function removeFunctions(text: string): string {
  let out = '';
  let from = 0;
  FUNCTION_START.lastIndex = 0;
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
