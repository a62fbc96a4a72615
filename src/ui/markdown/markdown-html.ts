import { escapeHtml } from './escape-html';
import { inlineHtml } from './inline';

const FENCE = /^\s*(```|~~~)/;
const HEADING = /^(#{1,6})\s+(.*)$/;
const ITEM = /^\s*([-*+]|\d{1,3}[.)])\s+(.*)$/;
const QUOTE = /^\s*>\s?(.*)$/;

/**
 * A small, safe markdown subset as HTML: paragraphs (line breaks kept), headings, bullet
 * and numbered lists, quotes, fenced code, and inline **bold**, *italic*, `code` and
 * links (http(s) and the site's admin pages only). Raw HTML in the text is shown as text.
 * Unclosed fences (text still streaming) render as code so far. The result still goes
 * through sanitizeHtml before display: see renderMarkdown.
 */
export function markdownHtml(text: string, adminUrl?: string): string {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const out: string[] = [];
  let i = 0;
  const take = (test: (line: string) => boolean): string[] => {
    const taken: string[] = [];
    while (i < lines.length && test(lines[i]!)) taken.push(lines[i++]!);
    return taken;
  };
  while (i < lines.length) {
    const line = lines[i]!;
    if (!line.trim()) {
      i++;
    } else if (FENCE.test(line)) {
      const fence = FENCE.exec(line)![1]!;
      i++;
      const code = take((next) => !next.trimStart().startsWith(fence));
      i++; // the closing fence, when there is one
      out.push(`<pre><code>${escapeHtml(code.join('\n'))}</code></pre>`);
    } else if (HEADING.test(line)) {
      const [, hashes, title] = HEADING.exec(line)!;
      const level = Math.min(6, hashes!.length + 2); // the panel's headings are small
      out.push(`<h${level}>${inlineHtml(title!, adminUrl)}</h${level}>`);
      i++;
    } else if (ITEM.test(line)) {
      out.push(
        list(
          take((next) => ITEM.test(next) || /^\s{2,}\S/.test(next)),
          adminUrl,
        ),
      );
    } else if (QUOTE.test(line)) {
      const quoted = take((next) => QUOTE.test(next)).map((next) => QUOTE.exec(next)![1]!);
      out.push(`<blockquote>${markdownHtml(quoted.join('\n'), adminUrl)}</blockquote>`);
    } else {
      const paragraph = take(
        (next) => !!next.trim() && ![FENCE, HEADING, ITEM, QUOTE].some((block) => block.test(next)),
      );
      out.push(`<p>${paragraph.map((next) => inlineHtml(next, adminUrl)).join('<br>')}</p>`);
    }
  }
  return out.join('');
}

function list(lines: string[], adminUrl?: string): string {
  const ordered = /^\s*\d/.test(lines[0]!);
  const items: string[] = [];
  for (const line of lines) {
    const match = ITEM.exec(line);
    if (match) items.push(inlineHtml(match[2]!, adminUrl));
    else if (items.length) items[items.length - 1] += `<br>${inlineHtml(line.trim(), adminUrl)}`;
  }
  const tag = ordered ? 'ol' : 'ul';
  return `<${tag}>${items.map((item) => `<li>${item}</li>`).join('')}</${tag}>`;
}
