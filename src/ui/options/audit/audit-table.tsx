import { formatDateTime, t } from '../../../i18n';
import type { AuditRecordView } from '../../../shared/protocols/options-protocol';
import { selected } from './audit-model';

/** One page of records, newest first; each row opens the record. */
export function AuditTable({ records }: { records: AuditRecordView[] }) {
  if (records.length === 0)
    return (
      <p class="muted" data-testid="audit-empty">
        {t('optionsAudit.empty')}
      </p>
    );
  return (
    <table class="opt-data" data-testid="audit-table">
      <caption class="visually-hidden">{t('optionsAudit.caption')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('optionsAudit.column.when')}</th>
          <th scope="col">{t('optionsAudit.column.tool')}</th>
          <th scope="col">{t('optionsAudit.column.status')}</th>
          <th scope="col">{t('optionsAudit.column.mode')}</th>
          <th scope="col">{t('optionsAudit.column.decidedBy')}</th>
          <th scope="col">{t('optionsAudit.column.thread')}</th>
        </tr>
      </thead>
      <tbody>
        {records.map((record) => (
          <tr key={record.id} class={selected.value?.id === record.id ? 'opt-selected' : undefined}>
            <td>
              <button
                type="button"
                class="opt-link"
                aria-label={t('optionsAudit.openRecord', {
                  tool: record.tool,
                  when: formatDateTime(record.createdAt),
                })}
                onClick={() => (selected.value = record)}
              >
                <time dateTime={new Date(record.createdAt).toISOString()}>
                  {formatDateTime(record.createdAt)}
                </time>
              </button>
            </td>
            <td>
              <code data-i18n-exempt="a tool's name">{record.tool}</code>
            </td>
            <td>
              <span
                class={`status-badge status-${record.status}`}
                data-i18n-exempt="a record's stored status"
              >
                {record.status}
              </span>
            </td>
            <td data-i18n-exempt="a record's stored mode">{record.mode}</td>
            <td data-i18n-exempt="a person's id or the gate's">{record.decidedBy ?? '—'}</td>
            <td class="ellipsis" data-i18n-exempt="a thread's id">
              {record.threadId}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
