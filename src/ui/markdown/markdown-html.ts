import { Marked, type Tokens } from 'marked';
import { escapeHtml } from './escape-html';
import { linkTarget } from './link-target';

/**
 * Markdown as the model writes it (GitHub-flavoured: tables, nested lists, fenced code,
 * task lists, strikethrough), through `marked`, with what Countersign will not show
 * changed at the source: raw HTML in the text is shown as text, links go only to
 * http(s) addresses and the site's own admin pages, images become links (a picture the
 * model names could be a tracking pixel), and headings start small (the panel is narrow).
 * Single line breaks are kept, as people and models mean them. The result still goes
 * through sanitizeHtml before display: see renderMarkdown.
 */
export function markdownHtml(text: string, adminUrl?: string): string {
  return parserFor(adminUrl).parse(text, { async: false });
}

/**
 * A link the panel accepts, or its label followed by the refused address as text, so the
 * person still reads everything that was written (a `javascript:` link shows as words).
 */
function linked(label: string, href: string, adminUrl: string | undefined): string {
  const target = linkTarget(href, adminUrl);
  if (target) return `<a href="${escapeHtml(target)}">${label}</a>`;
  return label === escapeHtml(href) ? label : `${label} (${escapeHtml(href)})`;
}

const parsers = new Map<string, Marked>();

function parserFor(adminUrl: string | undefined): Marked {
  const key = adminUrl ?? '';
  let parser = parsers.get(key);
  if (!parser) {
    parser = new Marked({
      gfm: true,
      breaks: true,
      renderer: {
        html: (token: Tokens.HTML | Tokens.Tag) => escapeHtml(token.text),
        link(token: Tokens.Link) {
          const label = this.parser.parseInline(token.tokens);
          return linked(label, token.href, adminUrl);
        },
        image(token: Tokens.Image) {
          return linked(escapeHtml(token.text || token.href), token.href, adminUrl);
        },
        heading(token: Tokens.Heading) {
          const level = Math.min(6, token.depth + 2);
          return `<h${level}>${this.parser.parseInline(token.tokens)}</h${level}>\n`;
        },
      },
    });
    parsers.set(key, parser);
  }
  return parser;
}
