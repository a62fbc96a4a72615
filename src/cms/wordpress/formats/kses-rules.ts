/**
 * The markup WordPress 6.1's kses keeps for an account without `unfiltered_html`, copied
 * from `wp_kses_allowed_html()` (measured on the real site, see docs/wordpress-adapter.md).
 * Plugins can change these lists through filters; the adapter mirrors core.
 */

/** What one allowed tag may carry. */
export interface TagRule {
  /** Attribute names allowed on the tag (lowercase). */
  attrs: ReadonlySet<string>;
  /** Whether `data-*` attributes are allowed. */
  dataAttrs: boolean;
  /** Attributes kses keeps only without a value (`<a download>`). */
  valuelessOnly: ReadonlySet<string>;
}

/** Allowed tags by lowercase name. */
export type AllowedHtml = ReadonlyMap<string, TagRule>;

/** Attributes every tag of the post list allows (`_wp_add_global_attributes`). */
const GLOBAL_ATTRS =
  'aria-describedby aria-details aria-hidden aria-label aria-labelledby class dir id lang role style title xml:lang';

/**
 * `wp_kses_allowed_html('post')`, used for content and excerpts, as each tag's own
 * attributes on top of the global ones. `<object>` is left out on purpose: kses keeps it
 * only for PDF files of this site (a callback), which the adapter cannot check, so it is
 * refused rather than risk it being stripped.
 */
const POST_TAGS: Record<string, string> = {
  a: 'download href name rel rev target',
  abbr: '',
  acronym: '',
  address: '',
  area: 'alt coords href nohref shape target',
  article: 'align',
  aside: 'align',
  audio: 'autoplay controls loop muted preload src',
  b: '',
  bdo: '',
  big: '',
  blockquote: 'cite',
  br: '',
  button: 'disabled name type value',
  caption: 'align',
  cite: '',
  code: '',
  col: 'align char charoff span valign width',
  colgroup: 'align char charoff span valign width',
  dd: '',
  del: 'datetime',
  details: 'align open',
  dfn: '',
  div: 'align',
  dl: '',
  dt: '',
  em: '',
  fieldset: '',
  figcaption: 'align',
  figure: 'align',
  font: 'color face size',
  footer: 'align',
  h1: 'align',
  h2: 'align',
  h3: 'align',
  h4: 'align',
  h5: 'align',
  h6: 'align',
  header: 'align',
  hgroup: 'align',
  hr: 'align noshade size width',
  i: '',
  img: 'align alt border height hspace loading longdesc src usemap vspace width',
  ins: 'cite datetime',
  kbd: '',
  label: 'for',
  legend: 'align',
  li: 'align value',
  main: 'align',
  map: 'name',
  mark: '',
  menu: 'type',
  nav: 'align',
  ol: 'reversed start type',
  p: 'align',
  pre: 'width',
  q: 'cite',
  rb: '',
  rp: '',
  rt: '',
  rtc: '',
  ruby: '',
  s: '',
  samp: '',
  section: 'align',
  small: '',
  span: 'align',
  strike: '',
  strong: '',
  sub: '',
  summary: 'align',
  sup: '',
  table: 'align bgcolor border cellpadding cellspacing rules summary width',
  tbody: 'align char charoff valign',
  td: 'abbr align axis bgcolor char charoff colspan headers height nowrap rowspan scope valign width',
  textarea: 'cols disabled name readonly rows',
  tfoot: 'align char charoff valign',
  th: 'abbr align axis bgcolor char charoff colspan headers height nowrap rowspan scope valign width',
  thead: 'align char charoff valign',
  title: '',
  tr: 'align bgcolor char charoff valign',
  track: 'default kind label src srclang',
  tt: '',
  u: '',
  ul: 'type',
  var: '',
  video: 'autoplay controls height loop muted playsinline poster preload src width',
};

/** `$allowedtags` (the title list), used for post titles: few tags, few attributes. */
const TITLE_TAGS: Record<string, string> = {
  a: 'href title',
  abbr: 'title',
  acronym: 'title',
  b: '',
  blockquote: 'cite',
  cite: '',
  code: '',
  del: 'datetime',
  em: '',
  i: '',
  q: 'cite',
  s: '',
  strike: '',
  strong: '',
};

function build(tags: Record<string, string>, globals: string, dataAttrs: boolean): AllowedHtml {
  const map = new Map<string, TagRule>();
  for (const [tag, own] of Object.entries(tags)) {
    const attrs = new Set(`${own} ${globals}`.split(' ').filter(Boolean));
    const valuelessOnly = new Set(tag === 'a' && dataAttrs ? ['download'] : []);
    map.set(tag, { attrs, dataAttrs, valuelessOnly });
  }
  return map;
}

/** Content and excerpt (`content_save_pre`, `excerpt_save_pre` → `wp_filter_post_kses`). */
export const POST_HTML: AllowedHtml = build(POST_TAGS, GLOBAL_ATTRS, true);

/** Title (`title_save_pre` → `wp_filter_kses`). */
export const TITLE_HTML: AllowedHtml = build(TITLE_TAGS, '', false);

/** `wp_allowed_protocols()`. */
export const ALLOWED_PROTOCOLS: ReadonlySet<string> = new Set(
  'http https ftp ftps mailto news irc irc6 ircs gopher nntp feed telnet mms rtsp sms svn tel fax xmpp webcal urn'.split(
    ' ',
  ),
);

/** `wp_kses_uri_attributes()`: attributes whose value is a URL (protocol-checked). */
export const URI_ATTRIBUTES: ReadonlySet<string> = new Set(
  'action archive background cite classid codebase data formaction href icon longdesc manifest poster profile src usemap xmlns'.split(
    ' ',
  ),
);

/** The `safe_style_css` list of `safecss_filter_attr()`; `--*` custom properties too. */
export const SAFE_CSS_PROPERTIES: ReadonlySet<string> = new Set(
  `align-content align-items align-self background background-attachment background-blend-mode background-color background-image background-position background-size border border-bottom border-bottom-color border-bottom-left-radius border-bottom-right-radius border-bottom-style border-bottom-width border-collapse border-color border-left border-left-color border-left-style border-left-width border-radius border-right border-right-color border-right-style border-right-width border-spacing border-style border-top border-top-color border-top-left-radius border-top-right-radius border-top-style border-top-width border-width caption-side clear color column-count column-fill column-gap column-rule column-span column-width columns cursor direction filter flex flex-basis flex-direction flex-flow flex-grow flex-shrink flex-wrap float font font-family font-size font-style font-variant font-weight gap grid-auto-columns grid-auto-rows grid-column-end grid-column-gap grid-column-start grid-gap grid-row-end grid-row-gap grid-row-start grid-template-columns grid-template-rows height justify-content justify-items justify-self letter-spacing line-height list-style-type margin margin-block-end margin-block-start margin-bottom margin-inline-end margin-inline-start margin-left margin-right margin-top max-height max-width min-height min-width object-fit object-position overflow padding padding-block-end padding-block-start padding-bottom padding-inline-end padding-inline-start padding-left padding-right padding-top row-gap text-align text-decoration text-indent text-transform vertical-align width`.split(
    ' ',
  ),
);
