import { escapeHtml } from './escape-html';

/** Code spans, [text](url) links and bare web addresses, in one pass over the raw text. */
const TOKEN = /`([^`\n]+)`|\[([^\]\n]+)\]\(([^()\s]+)\)|\bhttps?:\/\/[^\s<>"'`]*[^\s<>"'`.,;:!?)]/g;

/**
 * A link target the panel accepts: http(s) addresses, and admin pages of the site
 * (`post.php?…`, `/wp-admin/…`) made absolute against `adminUrl`. Anything else
 * (javascript:, data:, other schemes, relative paths without an admin URL) is refused.
 */
export function linkTarget(href: string, adminUrl?: string): string | undefined {
  if (/^https?:\/\//i.test(href)) return href;
  if (!adminUrl || !/^(?:\/wp-admin\/|[\w-]+\.php(?:[?#]|$))/.test(href)) return undefined;
  try {
    return new URL(href, adminUrl).href;
  } catch {
    return undefined;
  }
}

/** **bold**, __bold__, *italic* and _italic_ on text that is already escaped. */
function emphasis(escaped: string): string {
  return escaped
    .replace(/\*\*(?=\S)([^*]+?)\*\*/g, '<strong>$1</strong>')
    .replace(/__(?=\S)([^_]+?)__/g, '<strong>$1</strong>')
    .replace(/\*(?=\S)([^*]+?)\*/g, '<em>$1</em>')
    .replace(/(^|[^\w])_(?=\S)([^_]+?)_(?![\w])/g, '$1<em>$2</em>');
}

/**
 * One line of markdown as HTML: every piece of the raw text is escaped before any tag is
 * added, so the only markup in the result is the markup this function writes.
 */
export function inlineHtml(text: string, adminUrl?: string): string {
  let html = '';
  let last = 0;
  for (const match of text.matchAll(TOKEN)) {
    html += emphasis(escapeHtml(text.slice(last, match.index)));
    last = match.index + match[0].length;
    const [whole, code, label, href] = match;
    if (code !== undefined) html += `<code>${escapeHtml(code)}</code>`;
    else if (label !== undefined) {
      const target = linkTarget(href!, adminUrl);
      html += target
        ? `<a href="${escapeHtml(target)}">${emphasis(escapeHtml(label))}</a>`
        : emphasis(escapeHtml(whole));
    } else html += `<a href="${escapeHtml(whole)}">${escapeHtml(whole)}</a>`;
  }
  return html + emphasis(escapeHtml(text.slice(last)));
}
