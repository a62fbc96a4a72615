import { AUDIT_STATUSES } from '../../shared/vocabulary';
import { AuditRecord } from './audit-record';
import { decidedByText, formatTime } from './format';
import { AttestedFacts, SiteChainStatus } from './site-attestation';
import { changedRecordIds } from './site-chain-words';
import {
  applySiteFilters,
  auditSite,
  exportSiteAudit,
  newerSitePage,
  olderSitePage,
  siteCursors,
  siteError,
  siteExportStatus,
  siteFilter,
  siteLoading,
  sitePage,
  siteChain,
  siteSelected,
} from './site-audit-model';

function FilterField({
  id,
  label,
  field,
}: {
  id: string;
  label: string;
  field: 'tool' | 'user' | 'thread';
}) {
  return (
    <div class="opt-field">
      <label for={id}>{label}</label>
      <input
        id={id}
        value={siteFilter.value[field]}
        onInput={(e) =>
          (siteFilter.value = { ...siteFilter.value, [field]: e.currentTarget.value })
        }
      />
    </div>
  );
}

/** A3 on the site: the site's records (every user's with the read capability), beside the local log. */
export function SiteAuditView() {
  const site = auditSite.value;
  if (!site) return null;
  const page = sitePage.value;
  const everyone = page?.everyone ?? site.canRead;
  const chain = siteChain.value;
  const changed = chain?.state === 'done' ? changedRecordIds(chain.chain) : new Set<string>();
  const onSubmit = (event: Event) => {
    event.preventDefault();
    void applySiteFilters();
  };
  return (
    <section class="opt-card" aria-labelledby="site-audit-title" data-testid="site-audit">
      <h3 id="site-audit-title">
        {page === null ? 'Records on ' : everyone ? "Everyone's records on " : 'Your records on '}
        {site.label}
      </h3>
      <form class="opt-filters" onSubmit={onSubmit}>
        <FilterField id="site-tool" label="Tool" field="tool" />
        <div class="opt-field">
          <label for="site-status">Status</label>
          <select
            id="site-status"
            value={siteFilter.value.status}
            onChange={(e) =>
              (siteFilter.value = { ...siteFilter.value, status: e.currentTarget.value })
            }
          >
            <option value="">Any</option>
            {AUDIT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </div>
        {everyone && <FilterField id="site-user" label="User id" field="user" />}
        <FilterField id="site-thread" label="Thread" field="thread" />
        <div class="opt-actions">
          <button type="submit" class="primary">
            Filter
          </button>
          <button type="button" onClick={() => void exportSiteAudit('jsonl')}>
            Export JSONL
          </button>
          <button type="button" onClick={() => void exportSiteAudit('csv')}>
            Export CSV
          </button>
          <span role="status" class="form-status" data-testid="site-export-status">
            {siteExportStatus.value}
          </span>
        </div>
      </form>
      <SiteChainStatus />
      {siteError.value && (
        <p class="inline-error" role="alert">
          {siteError.value}
        </p>
      )}
      <div class="opt-pager" aria-busy={siteLoading.value}>
        <button
          type="button"
          onClick={() => void newerSitePage()}
          disabled={siteLoading.value || siteCursors.value.length < 2}
        >
          Newer
        </button>
        <span data-testid="site-audit-page">
          Page {siteCursors.value.length}
          {page ? `, ${page.records.length} record${page.records.length === 1 ? '' : 's'}` : ''}
        </span>
        <button
          type="button"
          onClick={() => void olderSitePage()}
          disabled={siteLoading.value || !page?.next}
        >
          Older
        </button>
      </div>
      {siteSelected.value && (
        <>
          <AuditRecord record={siteSelected.value} onClose={() => (siteSelected.value = null)} />
          <AttestedFacts record={siteSelected.value} />
        </>
      )}
      {page && page.records.length === 0 && (
        <p class="muted">No record on the site matches these filters.</p>
      )}
      {page && page.records.length > 0 && (
        <table class="opt-data" data-testid="site-audit-table">
          <caption class="visually-hidden">The site's audit records, newest first</caption>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">User</th>
              <th scope="col">Tool</th>
              <th scope="col">Status</th>
              <th scope="col">Decided by</th>
            </tr>
          </thead>
          <tbody>
            {page.records.map((record) => (
              <tr key={record.id}>
                <td>
                  <button
                    type="button"
                    class="opt-link"
                    aria-label={`Open the ${record.tool} record of ${formatTime(record.createdAt)}`}
                    onClick={() => (siteSelected.value = record)}
                  >
                    {formatTime(record.createdAt)}
                  </button>
                </td>
                <td>{record.owner.displayName ?? `user ${record.owner.userId}`}</td>
                <td>
                  <code>{record.tool}</code>
                </td>
                <td>
                  <span class={`status-badge status-${record.status}`}>{record.status}</span>
                  {changed.has(record.id) && (
                    <span class="chain-flag" data-testid="record-changed">
                      {' '}
                      changed in the database
                    </span>
                  )}
                </td>
                <td>{decidedByText(record)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
