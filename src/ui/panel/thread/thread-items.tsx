import { useLayoutEffect, useRef } from 'preact/hooks';
import { t } from '../../../i18n';
import type { EarlierItems, ThreadView } from '../../../shared/protocols/thread-protocol';
import { openInAdminTab, type SiteEnv } from '../../site-env';
import { ThreadItem, type ItemEnv } from './thread-item';
import { flightRecord } from './in-flight';
import { visibleItems } from './visible-items';
import { summaryOf } from './batch-summary';

interface Props {
  view: ThreadView;
  /** Issue 15: the items before `view.items` that the background did not send. */
  earlier?: EarlierItems;
  /** How many of the thread's last items to show. */
  shown: number;
  /** "Show earlier": show `ITEMS_PAGE` more (the model asks for what it lacks). */
  onShowEarlier(): void;
  env: ItemEnv;
  site: SiteEnv;
  /** The request in flight (`decision:<recordId>`, `publish:<recordId>@<checkedAt>`), if any. */
  inFlight?: string;
}

/**
 * The thread's items, newest last. Long threads render their last `ITEMS_FIRST`
 * items with a "Show earlier" button that adds `ITEMS_PAGE` more (fast at 1,000
 * items; the background sends only the items shown, issue 15); the view stays pinned to
 * the bottom while it was there. Links to the site's admin open in the admin tab.
 */
export function ThreadItems({ view, earlier, shown, onShowEarlier, env, site, inFlight }: Props) {
  const local = visibleItems(view.items, shown);
  const items = local.items;
  const hidden = local.hidden + (earlier?.count ?? 0);
  // Asked the background for earlier items it has not sent yet: on their way.
  const loading = !!earlier?.count && view.items.length < shown;
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
    <div class="thread-items" role="log" aria-label={t('panel.thread.log')} onClick={onClick}>
      {hidden > 0 && (
        <button
          type="button"
          class="show-earlier"
          onClick={onShowEarlier}
          disabled={loading}
          aria-busy={loading}
        >
          {loading ? (
            <>
              <span class="spinner" aria-hidden="true" /> {t('panel.earlier.loading')}
            </>
          ) : (
            t('panel.earlier.show', { count: hidden })
          )}
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
          summary={summaryOf(item, view.items)}
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
  if (view.pending) return t('panel.edit.lockPending');
  if (view.busy) return t('panel.edit.lockBusy');
  return undefined;
}
