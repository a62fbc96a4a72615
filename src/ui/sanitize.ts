import DOMPurify, { type Config, type DOMPurify as Purifier } from 'dompurify';

/** Where images in sanitized HTML may load from (the site's own origin); others are blocked. */
export interface SanitizeOptions {
  imageOrigins?: readonly string[];
}

const CONFIG: Config = {
  USE_PROFILES: { html: true }, // no SVG or MathML: a whole class of mutation tricks gone
  FORBID_TAGS: [
    'script',
    'style',
    'iframe',
    'frame',
    'frameset',
    'object',
    'embed',
    'applet',
    'form',
    'input',
    'button',
    'textarea',
    'select',
    'option',
    'link',
    'meta',
    'base',
    'video',
    'audio',
    'source',
    'track',
    'picture',
    'dialog',
    // A disclosure is a control of its own (focusable, toggles): content never gets one.
    'details',
    'summary',
    'label',
    'template',
    'slot',
    'noscript',
    'map',
    'area',
    'svg',
    'math',
  ],
  // Styles, classes and ids could dress content up as the panel's own buttons or overlay
  // them (position: fixed); tabindex and autofocus could pull it into the focus order (C7).
  FORBID_ATTR: [
    'style',
    'class',
    'id',
    'name',
    'srcset',
    'sizes',
    'poster',
    'background',
    'ping',
    'action',
    'formaction',
    'tabindex',
    'autofocus',
    'accesskey',
    'contenteditable',
  ],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOWED_URI_REGEXP: /^(?:(?:https?|mailto):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i,
};

let purifier: Purifier | undefined;
let images: readonly string[] = [];

function instance(): Purifier {
  if (purifier) return purifier;
  purifier = DOMPurify(window);
  purifier.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A' && node.hasAttribute('href')) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
    if (node.tagName === 'IMG') blockForeignImage(node);
  });
  return purifier;
}

/**
 * Images from elsewhere would let proposed content call a third party the moment a card
 * shows it (a tracking pixel, or data leaked in the URL): only the site's own images load.
 */
function blockForeignImage(img: Element): void {
  const src = img.getAttribute('src') ?? '';
  const url = parseUrl(src);
  if (src.startsWith('data:image/') || (url && images.includes(url.origin))) return;
  img.removeAttribute('src');
  const alt = img.getAttribute('alt');
  const from = url ? ` from ${url.host}` : '';
  img.setAttribute('alt', `[image not loaded${from}${alt ? `: ${alt}` : ''}]`);
}

/**
 * S1: the ONLY place HTML from the model or the site becomes markup in the panel. Removes
 * scripts, styles, frames, objects, forms, event handlers, javascript: and other non-web
 * URLs; links open in a new tab with rel="noopener noreferrer"; images load only from
 * `imageOrigins`. Returns a string for `dangerouslySetInnerHTML`.
 */
export function sanitizeHtml(html: string, options: SanitizeOptions = {}): string {
  const purify = instance();
  images = options.imageOrigins ?? [];
  try {
    return purify.sanitize(html, { ...CONFIG, RETURN_TRUSTED_TYPE: false }) as string;
  } finally {
    images = [];
  }
}

/** Whether a URL may be a link target in the panel: http(s) only. */
export function isWebUrl(url: string): boolean {
  try {
    const { protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

/** An image URL the panel may load: http(s) from one of `origins`; otherwise undefined. */
export function safeImageSrc(
  url: string | undefined,
  origins: readonly string[],
): string | undefined {
  if (!url || !isWebUrl(url)) return undefined;
  return origins.includes(parseUrl(url)!.origin) ? url : undefined;
}

/** The URL, or undefined when it does not parse (URL.canParse needs Chrome 120). */
function parseUrl(url: string): URL | undefined {
  try {
    return new URL(url);
  } catch {
    return undefined;
  }
}
