import { ALLOWED_PROTOCOLS } from './kses-rules';

/** The outcome of `wp_kses_bad_protocol()` on a URL: what WordPress keeps, and whether it cut. */
export interface ProtocolCheck {
  value: string;
  /** A scheme was removed (`javascript:`, `data:`, or a "scheme" like `/path:` kses misreads). */
  removed: string[];
}

const COLON = /:|&#0*58;|&#x0*3a;|&colon;/i;

/** `wp_kses_no_null()` with `slash_zero` left as it is (what `wp_kses()` does). */
export function noNull(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\x00-\x08\x0B\x0C\x0E-\x1F]/g, '');
}

/**
 * Mirrors `wp_kses_bad_protocol()`: repeatedly splits at the first colon; when the text
 * before it holds no `/?`, it is a scheme, kept (lowercased) when allowed and removed
 * otherwise. Six rounds at most; a value still changing after them becomes empty.
 */
export function checkProtocol(url: string): ProtocolCheck {
  let value = noNull(url);
  const removed: string[] = [];
  let rounds = 0;
  let before: string;
  do {
    before = value;
    value = once(value, removed, 1);
  } while (before !== value && ++rounds < 6);
  if (before !== value) return { value: '', removed: [...removed, url] };
  return { value, removed };
}

function once(text: string, removed: string[], count: number): string {
  const value = text.replace(/(&#0*58(?![;0-9])|&#x0*3a(?![;a-f0-9]))/gi, '$1;');
  const match = COLON.exec(value);
  if (!match) return value;
  const scheme = value.slice(0, match.index);
  if (scheme.includes('/?')) return value;
  let rest = value.slice(match.index + match[0].length).trim();
  const protocol = allowedScheme(scheme);
  if (protocol === '') removed.push(scheme + ':');
  if (protocol === 'feed:') {
    if (count > 2) return '';
    rest = once(rest, removed, count + 1);
    if (rest === '') return rest;
  }
  return protocol + rest;
}

/** `wp_kses_bad_protocol_once2()`: the normalised scheme with its colon, or '' if not allowed. */
function allowedScheme(raw: string): string {
  const scheme = noNull(decodeEntities(raw).replace(/\s/g, '')).toLowerCase();
  return ALLOWED_PROTOCOLS.has(scheme) ? `${scheme}:` : '';
}

/** `wp_kses_decode_entities()`: numeric entities only, through PHP's `chr()` (modulo 256). */
function decodeEntities(text: string): string {
  const chr = (code: number) => String.fromCharCode(((code % 256) + 256) % 256);
  return text
    .replace(/&#([0-9]+);/g, (_, n: string) => chr(Number(n)))
    .replace(/&#[Xx]([0-9A-Fa-f]+);/g, (_, n: string) => chr(parseInt(n, 16)));
}
