import { formatDateTime, formatNumber, t } from '../../../i18n';
import { useEffect } from 'preact/hooks';
import { openRecordById } from '../audit/audit-model';
import {
  loadRefused,
  refusedError,
  rows,
  sort,
  sortBy,
  sortedRows,
  type RefusedSortKey,
} from './refused-model';
import { go } from '../route-model';

const COLUMNS: { key: RefusedSortKey; label: () => string }[] = [
  { key: 'label', label: () => t('optionsAudit.refused.tool') },
  { key: 'count', label: () => t('optionsAudit.refused.count') },
  { key: 'latestAt', label: () => t('optionsAudit.refused.latest') },
  { key: 'hasHint', label: () => t('optionsAudit.refused.hint') },
];

/** Issue 7 item 5 (A4): which tools access checks refuse most, sortable by each column. */
export function RefusedSection() {
  useEffect(() => void loadRefused(), []);
  const { key, descending } = sort.value;
  const open = (id: string) => {
    void openRecordById(id);
    go('audit');
  };
  return (
    <section class="opt-stack" aria-labelledby="refused-title">
      <h2 id="refused-title">{t('optionsAudit.refused.title')}</h2>
      <p class="opt-hint">{t('optionsAudit.refused.intro')}</p>
      {refusedError.value && (
        <p class="inline-error" role="alert">
          {refusedError.value}
        </p>
      )}
      {rows.value === null ? (
        <p class="muted">{t('optionsAudit.loading')}</p>
      ) : rows.value.length === 0 ? (
        <p class="muted">{t('optionsAudit.refused.none')}</p>
      ) : (
        <table class="opt-data" data-testid="refused-table">
          <thead>
            <tr>
              {COLUMNS.map((column) => (
                <th
                  key={column.key}
                  scope="col"
                  aria-sort={
                    column.key === key ? (descending ? 'descending' : 'ascending') : 'none'
                  }
                >
                  <button type="button" class="opt-sort" onClick={() => sortBy(column.key)}>
                    {column.label()}
                    <span aria-hidden="true">
                      {column.key === key ? (descending ? ' ▼' : ' ▲') : ' ↕'}
                    </span>
                  </button>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {sortedRows.value.map((row) => (
              <tr key={row.tool}>
                <td>
                  {row.label !== row.tool && `${row.label} `}
                  <code data-i18n-exempt="a tool's name">{row.tool}</code>
                </td>
                <td class="opt-number">{formatNumber(row.count)}</td>
                <td>
                  <button type="button" class="opt-link" onClick={() => open(row.latestRecordId)}>
                    <time dateTime={new Date(row.latestAt).toISOString()}>
                      {formatDateTime(row.latestAt)}
                    </time>
                  </button>
                </td>
                <td>
                  {row.hasHint ? (
                    <span title={row.accessHint} data-i18n-label="exempt">
                      {t('optionsAudit.refused.yes', { hint: row.accessHint ?? '' })}
                    </span>
                  ) : (
                    t('optionsAudit.refused.no')
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
