import type { RunEvent } from '../run';
import type { ThreadView } from '../shared/thread-protocol';

/** R3: search results become links that open in the admin tab. */
export function addLinks(view: ThreadView, event: Extract<RunEvent, { type: 'tool_result' }>) {
  if (event.tool !== 'wp_search_content' || event.isError) return;
  const [summary = '', json = '[]'] = event.content.split('\n\n');
  let rows: Array<{ title?: string; id?: number; type?: string; status?: string; link?: string }>;
  try {
    rows = JSON.parse(json);
  } catch {
    return;
  }
  view.items.push({
    kind: 'links',
    id: `links:${event.recordId}`,
    title: summary,
    links: rows.slice(0, 20).map((row) => ({
      label: row.title || `(no title) #${row.id}`,
      detail: `${row.type ?? ''} · ${row.status ?? ''} · #${row.id}`,
      href: `post.php?post=${row.id}&action=edit`,
    })),
  });
}
