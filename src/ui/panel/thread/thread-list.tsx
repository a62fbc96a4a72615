import { formatDate, formatRelative, t } from '../../../i18n';
import type { ThreadSummary } from '../../../shared/protocols/thread-protocol';

/** When a thread last changed, briefly, in the person's language ("5 minutes ago"). */
export function ago(at: number, now = Date.now()): string {
  const minutes = Math.round((now - at) / 60_000);
  if (minutes < 1) return t('common.time.justNow');
  if (minutes < 24 * 60) return formatRelative(at, now);
  return formatDate(at);
}

/** The person's threads: pick one to switch to it; those waiting for a decision say so. */
export function ThreadList(props: {
  threads: ThreadSummary[];
  current?: string;
  onPick(threadId: string): void;
}) {
  if (props.threads.length === 0) return <p class="muted small">{t('panel.threads.none')}</p>;
  return (
    <ul class="thread-list" aria-label={t('panel.threads.label')}>
      {props.threads.map((thread) => (
        <li key={thread.threadId}>
          <button
            type="button"
            aria-current={thread.threadId === props.current ? 'true' : undefined}
            onClick={() => props.onPick(thread.threadId)}
          >
            {thread.title ? (
              <span class="thread-list-title" data-i18n-exempt="thread title">
                {thread.title}
              </span>
            ) : (
              <span class="thread-list-title">{t('panel.threads.untitled')}</span>
            )}
            <span class="muted small">
              {thread.pending && <span class="badge warn">{t('panel.threads.waiting')}</span>}{' '}
              {ago(thread.updatedAt)}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
