import type { AuditRecordView } from '../../shared/options-protocol';
import { selected } from './audit-model';
import { formatTime } from './format';

/** One page of records, newest first; each row opens the record. */
export function AuditTable({ records }: { records: AuditRecordView[] }) {
  if (records.length === 0)
    return (
      <p class="muted" data-testid="audit-empty">
        No record matches these filters.
      </p>
    );
  return (
    <table class="opt-data" data-testid="audit-table">
      <caption class="visually-hidden">Audit records, newest first</caption>
      <thead>
        <tr>
          <th scope="col">When</th>
          <th scope="col">Tool</th>
          <th scope="col">Status</th>
          <th scope="col">Mode</th>
          <th scope="col">Decided by</th>
          <th scope="col">Thread</th>
        </tr>
      </thead>
      <tbody>
        {records.map((record) => (
          <tr key={record.id} class={selected.value?.id === record.id ? 'opt-selected' : undefined}>
            <td>
              <button
                type="button"
                class="opt-link"
                aria-label={`Open the ${record.tool} record of ${formatTime(record.createdAt)}`}
                onClick={() => (selected.value = record)}
              >
                {formatTime(record.createdAt)}
              </button>
            </td>
            <td>
              <code>{record.tool}</code>
            </td>
            <td>
              <span class={`status-badge status-${record.status}`}>{record.status}</span>
            </td>
            <td>{record.mode}</td>
            <td>{record.decidedBy ?? '—'}</td>
            <td class="ellipsis">{record.threadId}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
