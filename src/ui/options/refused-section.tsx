import { useEffect } from 'preact/hooks';
import { openRecordById } from './audit-model';
import { formatCount, formatTime } from './format';
import {
  loadRefused,
  refusedError,
  rows,
  sort,
  sortBy,
  sortedRows,
  type RefusedSortKey,
} from './refused-model';
import { go } from './route-model';

const COLUMNS: { key: RefusedSortKey; label: string }[] = [
  { key: 'label', label: 'Tool' },
  { key: 'count', label: 'Refused calls' },
  { key: 'latestAt', label: 'Latest' },
  { key: 'hasHint', label: 'Access hint' },
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
      <h2 id="refused-title">Refused calls</h2>
      <p class="opt-hint">
        Calls the site refused before anyone was asked, because the signed-in account may not make
        them. A tool refused often without an access hint may need one, or the agent a narrower
        brief.
      </p>
      {refusedError.value && (
        <p class="inline-error" role="alert">
          {refusedError.value}
        </p>
      )}
      {rows.value === null ? (
        <p class="muted">Loading…</p>
      ) : rows.value.length === 0 ? (
        <p class="muted">No call has been refused.</p>
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
                    {column.label}
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
                  {row.label} <code>{row.tool}</code>
                </td>
                <td class="opt-number">{formatCount(row.count)}</td>
                <td>
                  <button type="button" class="opt-link" onClick={() => open(row.latestRecordId)}>
                    {formatTime(row.latestAt)}
                  </button>
                </td>
                <td>
                  {row.hasHint ? <span title={row.accessHint}>Yes: {row.accessHint}</span> : 'No'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
