import { useState } from 'preact/hooks';
import { t } from '../../../i18n';
import type {
  EarlierItems,
  ThreadSummary,
  ThreadView,
} from '../../../shared/protocols/thread-protocol';
import { ConfigChanges } from './config-changes';
import { GrantList, UntrustedBadge } from './thread-badges';
import { ThreadList } from './thread-list';

interface Props {
  view: ThreadView | null;
  /** Issue 15: what comes before the items sent (its settings changes count too, A6). */
  earlier?: EarlierItems;
  threads: ThreadSummary[];
  onOpen(threadId?: string): void;
  onList(): void;
  onRevoke(tool: string): void;
}

/**
 * The thread's title with the thread list and "New thread", then what the person should
 * know about it: untrusted (R6), tools allowed for it (G14), settings it changed (A6).
 */
export function ThreadHeader({ view, earlier, threads, onOpen, onList, onRevoke }: Props) {
  const [listOpen, setListOpen] = useState(false);
  const pick = (threadId?: string) => {
    setListOpen(false);
    onOpen(threadId);
  };
  return (
    <header class="thread-header">
      <div class="thread-title-row">
        {view?.title ? (
          <h2 class="thread-title" title={view.title} dir="auto" data-i18n-exempt="thread title">
            {view.title}
          </h2>
        ) : (
          <h2 class="thread-title">{t('panel.thread.new')}</h2>
        )}
        <button
          type="button"
          aria-expanded={listOpen}
          onClick={() => {
            if (!listOpen) onList();
            setListOpen(!listOpen);
          }}
        >
          {t('panel.threads.button')}
        </button>
        <button type="button" aria-label={t('panel.thread.new')} onClick={() => pick(undefined)}>
          {t('panel.thread.newShort')}
        </button>
      </div>
      {listOpen && <ThreadList threads={threads} current={view?.threadId} onPick={pick} />}
      {view?.untrusted && <UntrustedBadge />}
      {view && <GrantList grants={view.grants} onRevoke={onRevoke} />}
      {view && <ConfigChanges items={view.items} earlier={earlier?.configChanges} />}
    </header>
  );
}
