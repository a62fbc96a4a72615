import type { ThreadSummary } from '../../../shared/thread-protocol';

/** When a thread last changed, briefly. */
export function ago(at: number, now = Date.now()): string {
  const minutes = Math.round((now - at) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  return new Date(at).toLocaleDateString();
}

/** The person's threads: pick one to switch to it; those waiting for a decision say so. */
export function ThreadList(props: {
  threads: ThreadSummary[];
  current?: string;
  onPick(threadId: string): void;
}) {
  if (props.threads.length === 0) return <p class="muted small">No other threads yet.</p>;
  return (
    <ul class="thread-list" aria-label="Threads">
      {props.threads.map((thread) => (
        <li key={thread.threadId}>
          <button
            type="button"
            aria-current={thread.threadId === props.current ? 'true' : undefined}
            onClick={() => props.onPick(thread.threadId)}
          >
            <span class="thread-list-title">{thread.title || 'Untitled thread'}</span>
            <span class="muted small">
              {thread.pending && <span class="badge warn">Waiting for you</span>}{' '}
              {ago(thread.updatedAt)}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
