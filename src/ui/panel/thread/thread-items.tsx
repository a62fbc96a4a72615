import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { ThreadView } from '../../../shared/thread-protocol';
import { openInAdminTab, type SiteEnv } from '../../site-env';
import { ThreadItem, type ItemEnv } from './thread-item';
import { flightRecord } from './thread-model';
import { ITEMS_FIRST, ITEMS_PAGE, visibleItems } from './visible-items';

interface Props {
  view: ThreadView;
  env: ItemEnv;
  site: SiteEnv;
  /** The request in flight (`decision:<recordId>`, `publish:<recordId>@<checkedAt>`), if any. */
  inFlight?: string;
}

/**
 * The thread's items, newest last. Long threads render their last {@link ITEMS_FIRST}
 * items with a "Show earlier" button that adds {@link ITEMS_PAGE} more (fast at 1,000
 * items); the view stays pinned to the bottom while it was there. Links to the site's admin open in the admin tab.
 */
export function ThreadItems({ view, env, site, inFlight }: Props) {
  const [shown, setShown] = useState(ITEMS_FIRST);
  const { hidden, items } = visibleItems(view.items, shown);
  const pinned = useRef(true);
  const end = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (pinned.current) end.current?.scrollIntoView?.({ block: 'end' });
  }, [view]);
  useLayoutEffect(() => {
    const onScroll = () => {
      const root = document.scrollingElement ?? document.documentElement;
      pinned.current = root.scrollHeight - root.scrollTop - root.clientHeight < 120;
    };
    addEventListener('scroll', onScroll, { passive: true });
    return () => removeEventListener('scroll', onScroll);
  }, []);
  const onClick = (event: MouseEvent) => {
    const link = (event.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
    if (link && openInAdminTab(link.href, site)) event.preventDefault();
  };
  return (
    <div class="thread-items" role="log" aria-label="Thread" onClick={onClick}>
      {hidden > 0 && (
        <button type="button" class="show-earlier" onClick={() => setShown(shown + ITEMS_PAGE)}>
          Show earlier ({hidden.toLocaleString('en')} more)
        </button>
      )}
      {items.map((item) => (
        <ThreadItem
          key={item.id}
          item={item}
          env={env}
          pending={view.pending}
          sending={isSending(item, inFlight)}
          locked={item.kind === 'user' ? editLock(view) : undefined}
        />
      ))}
      <div ref={end} />
    </div>
  );
}

function isSending(item: ThreadView['items'][number], inFlight?: string): boolean {
  if (!inFlight || (item.kind !== 'approval' && item.kind !== 'result')) return false;
  return flightRecord(inFlight) === item.card.recordId;
}

/** Why an earlier message cannot be edited now (R1), or undefined when it can. */
function editLock(view: ThreadView): string | undefined {
  if (view.pending) return 'Decide the waiting call before editing an earlier message.';
  if (view.busy) return 'Wait for this step to end before editing an earlier message.';
  return undefined;
}
