import { t } from '../../../i18n';
import type { ThreadItem } from '../../../shared/protocols/thread-protocol';
import { TOOL_STATUS } from './tool-status';

type Approval = Extract<ThreadItem, { kind: 'approval' }>;

/** One call of a turn decided at once, as its summary lists it. */
export interface SummaryRow {
  recordId: string;
  label: string;
  title?: string;
  link?: string;
  /** The call's row status in the thread; absent while it has not been reached. */
  status?: Extract<ThreadItem, { kind: 'tool' }>['status'];
  /** E4: its result card offers Undo. */
  undo: boolean;
}

/**
 * Issue 36 item 4: what became of each call of a turn decided at once, from the thread's
 * own items (tool rows and result cards): null for any other card.
 */
export function summaryOf(item: ThreadItem, items: readonly ThreadItem[]): SummaryRow[] | null {
  if (item.kind !== 'approval' || !item.decided || !item.card.batch?.length) return null;
  const calls = [item.card, ...item.card.batch];
  return calls.map((card) => {
    const row = items.find((i) => i.kind === 'tool' && i.id === card.recordId);
    const result = items.find((i) => i.kind === 'result' && i.card.recordId === card.recordId);
    return {
      recordId: card.recordId,
      label: card.toolLabel,
      title: card.entity?.title,
      link: card.entity?.link,
      status: row?.kind === 'tool' ? row.status : undefined,
      undo: result?.kind === 'result' && result.card.undo?.state === 'offered',
    };
  });
}

/** The summary under a decided batch card: each call, its fate, its entry, its Undo. */
export function BatchSummary(props: {
  rows: SummaryRow[];
  card: Approval['card'];
  onUndo?: (recordId: string) => void;
}) {
  return (
    <section
      class="card batch-summary"
      aria-label={t('panel.batch.summary')}
      data-testid="batch-summary"
    >
      <h3>{t('panel.batch.summary')}</h3>
      <ul>
        {props.rows.map((row) => {
          const look = row.status ? TOOL_STATUS[row.status] : undefined;
          return (
            <li key={row.recordId} data-testid="batch-summary-row">
              <span class={`tool-status ${look?.tone ?? 'muted'}`} aria-hidden="true">
                {look?.icon ?? '…'}
              </span>{' '}
              <span data-i18n-worker>{row.label}</span>
              {row.title && (
                <>
                  {' · '}
                  {row.link ? (
                    <a href={row.link} data-i18n-exempt="the entry's title">
                      {row.title}
                    </a>
                  ) : (
                    <span data-i18n-exempt="the entry's title">{row.title}</span>
                  )}
                </>
              )}
              {': '}
              <span>{row.status ? t(`panel.tool.${row.status}`) : t('panel.batch.notYet')}</span>
              {row.undo && props.onUndo && (
                <>
                  {' '}
                  <button
                    type="button"
                    class="secondary small"
                    onClick={() => props.onUndo!(row.recordId)}
                  >
                    {t('cards.action.undo')}
                  </button>
                </>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
