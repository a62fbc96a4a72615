import { t } from '../../../i18n';
import { useEffect } from 'preact/hooks';
import { AuditExport } from './audit-export';
import { AuditFilters } from './audit-filters';
import {
  applyFilters,
  auditError,
  lastQueryMs,
  loading,
  nextPage,
  page,
  pageIndex,
  previousPage,
  selected,
} from './audit-model';
import { AuditRecord } from './audit-record';
import { AuditTable } from './audit-table';
import { loadRules, view } from '../rules/rules-model';

/** Issue 7 item 4: the audit log, filtered, paged, opened record by record, exported (A1, A3). */
export function AuditSection() {
  useEffect(() => {
    if (!page.value) void applyFilters();
    if (!view.value) void loadRules();
  }, []);
  const current = page.value;
  const record = selected.value;
  return (
    <section class="opt-stack" aria-labelledby="audit-title">
      <h2 id="audit-title">{t('optionsAudit.title')}</h2>
      <p class="opt-hint">{t('optionsAudit.intro')}</p>
      <AuditFilters />
      <AuditExport />
      {auditError.value && (
        <p class="inline-error" role="alert">
          {auditError.value}
        </p>
      )}
      <div class="opt-pager" aria-busy={loading.value}>
        <button
          type="button"
          onClick={() => void previousPage()}
          disabled={loading.value || pageIndex.value === 0}
        >
          {t('optionsAudit.newer')}
        </button>
        <span data-testid="audit-page">
          {t('optionsAudit.page', { page: pageIndex.value + 1 })}
          {current ? t('optionsAudit.pageRecords', { count: current.records.length }) : ''}
          {lastQueryMs.value !== null ? t('optionsAudit.queryMs', { ms: lastQueryMs.value }) : ''}
        </span>
        <button
          type="button"
          onClick={() => void nextPage()}
          disabled={loading.value || !current?.next}
        >
          {t('optionsAudit.older')}
        </button>
      </div>
      {record && <AuditRecord record={record} onClose={() => (selected.value = null)} />}
      {current ? (
        <AuditTable records={current.records} />
      ) : (
        <p class="muted">{t('optionsAudit.loading')}</p>
      )}
    </section>
  );
}
