import type { RunEvent } from '../run';
import type { ThreadView } from '../shared/protocols/thread-protocol';

/** R3: the entries a result lists become links that open in the admin tab. */
export function addLinks(view: ThreadView, event: Extract<RunEvent, { type: 'tool_result' }>) {
  const links = event.display?.links;
  if (!links || event.isError) return;
  view.items.push({
    kind: 'links',
    id: `links:${event.recordId}`,
    title: event.display?.title ?? event.summary,
    links: links.slice(0, 20),
  });
}
