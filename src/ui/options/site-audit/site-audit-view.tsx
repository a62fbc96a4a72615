import { formatDateTime, t } from '../../../i18n';
import { AUDIT_STATUSES } from '../../../shared/vocabulary';
import { AuditRecord } from '../audit/audit-record';
import { decidedByText } from '../record-words';
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
        {t(
          page === null
            ? 'optionsSite.list.titleLoading'
            : everyone
              ? 'optionsSite.list.titleEveryone'
              : 'optionsSite.list.titleMine',
          { site: site.label },
        )}
      </h3>
      <form class="opt-filters" onSubmit={onSubmit}>
        <FilterField id="site-tool" label={t('optionsAudit.filter.tool')} field="tool" />
        <div class="opt-field">
          <label for="site-status">{t('optionsAudit.filter.status')}</label>
          <select
            id="site-status"
            value={siteFilter.value.status}
            onChange={(e) =>
              (siteFilter.value = { ...siteFilter.value, status: e.currentTarget.value })
            }
          >
            <option value="">{t('optionsAudit.filter.any')}</option>
            {AUDIT_STATUSES.map((s) => (
              <option key={s} value={s} data-i18n-exempt="a record's stored status">
                {s}
              </option>
            ))}
          </select>
        </div>
        {everyone && (
          <FilterField id="site-user" label={t('optionsSite.list.userId')} field="user" />
        )}
        <FilterField id="site-thread" label={t('optionsAudit.filter.thread')} field="thread" />
        <div class="opt-actions">
          <button type="submit" class="primary">
            {t('optionsSite.list.filter')}
          </button>
          <button type="button" onClick={() => void exportSiteAudit('jsonl')}>
            {t('optionsAudit.export.jsonl')}
          </button>
          <button type="button" onClick={() => void exportSiteAudit('csv')}>
            {t('optionsAudit.export.csv')}
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
          {t('optionsAudit.newer')}
        </button>
        <span data-testid="site-audit-page">
          {page
            ? t('optionsSite.list.pageRecords', {
                page: siteCursors.value.length,
                count: page.records.length,
              })
            : t('optionsSite.list.page', { page: siteCursors.value.length })}
        </span>
        <button
          type="button"
          onClick={() => void olderSitePage()}
          disabled={siteLoading.value || !page?.next}
        >
          {t('optionsAudit.older')}
        </button>
      </div>
      {siteSelected.value && (
        <>
          <AuditRecord record={siteSelected.value} onClose={() => (siteSelected.value = null)} />
          <AttestedFacts record={siteSelected.value} />
        </>
      )}
      {page && page.records.length === 0 && <p class="muted">{t('optionsSite.list.empty')}</p>}
      {page && page.records.length > 0 && (
        <table class="opt-data" data-testid="site-audit-table">
          <caption class="visually-hidden">{t('optionsSite.list.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('optionsAudit.column.when')}</th>
              <th scope="col">{t('optionsSite.list.user')}</th>
              <th scope="col">{t('optionsAudit.column.tool')}</th>
              <th scope="col">{t('optionsAudit.column.status')}</th>
              <th scope="col">{t('optionsAudit.column.decidedBy')}</th>
            </tr>
          </thead>
          <tbody>
            {page.records.map((record) => (
              <tr key={record.id}>
                <td>
                  <button
                    type="button"
                    class="opt-link"
                    aria-label={t('optionsAudit.openRecord', {
                      tool: record.tool,
                      when: formatDateTime(record.createdAt),
                    })}
                    onClick={() => (siteSelected.value = record)}
                  >
                    <time dateTime={new Date(record.createdAt).toISOString()}>
                      {formatDateTime(record.createdAt)}
                    </time>
                  </button>
                </td>
                {record.owner.displayName ? (
                  <td data-i18n-exempt="a person's name as the site sent it">
                    {record.owner.displayName}
                  </td>
                ) : (
                  <td>{t('optionsSite.person.user', { id: record.owner.userId })}</td>
                )}
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
                  {changed.has(record.id) && (
                    <span class="chain-flag" data-testid="record-changed">
                      {' '}
                      {t('optionsSite.list.changed')}
                    </span>
                  )}
                </td>
                <td data-i18n-exempt="a person's name as the site sent it, or the gate's">
                  {decidedByText(record)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
