import { alignChunks } from './align-chunks';

/** Rendered values larger than this (each side) are shown without marks. */
export const RENDERED_DIFF_LIMIT = 60_000;
const TOKEN = /<[^>]*>?|[^<\s]+|\s+/g;

/**
 * A rendered view of an HTML field's change: the proposed HTML with removed words in
 * `<del>` and added words in `<ins>` (tags taken from the proposal; removed tags dropped,
 * so the structure is the new one). The content's own ins/del tags become spans so they
 * cannot pose as marks. The result is NOT safe: the caller must pass it through the one
 * sanitize function (S1). Returns undefined when a side exceeds {@link RENDERED_DIFF_LIMIT}.
 */
export function renderedDiffHtml(before: string, after: string): string | undefined {
  if (before.length > RENDERED_DIFF_LIMIT || after.length > RENDERED_DIFF_LIMIT) return undefined;
  const left = tokens(before);
  const right = tokens(after);
  const ids = new Map<string, number>();
  const intern = (token: string) => {
    let id = ids.get(token);
    if (id === undefined) ids.set(token, (id = ids.size));
    return id;
  };
  let html = '';
  for (const hunk of alignChunks(left.map(intern), right.map(intern))) {
    if (hunk.kind === 'same') {
      html += right.slice(hunk.bFrom, hunk.bTo).join('');
      continue;
    }
    html += mark('del', left.slice(hunk.aFrom, hunk.aTo), false);
    html += mark('ins', right.slice(hunk.bFrom, hunk.bTo), true);
  }
  return html;
}

function tokens(html: string): string[] {
  return (html.match(TOKEN) ?? []).map((token) =>
    token.startsWith('<') ? token.replace(/^<(\/?)(ins|del)\b/i, '<$1span') : token,
  );
}

/** Wraps the words of a run in `tag`; tags pass through when `keepTags`, else are dropped. */
function mark(tag: 'ins' | 'del', run: string[], keepTags: boolean): string {
  let html = '';
  let words = '';
  const flush = () => {
    if (words.trim()) html += `<${tag}>${words}</${tag}>`;
    else html += words;
    words = '';
  };
  for (const token of run) {
    if (!token.startsWith('<')) words += token;
    else {
      flush();
      if (keepTags) html += token;
    }
  }
  flush();
  return html;
}
