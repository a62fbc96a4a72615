import { t } from '../../../i18n';
import { AuditStatusViewSchema } from '../../../shared/protocols/options-protocol';
import { applyFilters, filterError, filterForm } from './audit-model';
import { fieldAria } from '../field';
import { view } from '../rules/rules-model';

const DECIDERS = ['countersign:policy', 'countersign:expiry', 'countersign:options-page'];
// `countersign:publish`: records of Publish clicks from before Publish became a tool (U2).
const EXTRA_TOOLS = ['countersign:policy-change', 'countersign:publish'];

/** A3: filter by thread, tool, status, date range and who decided. */
export function AuditFilters() {
  const tools = [...(view.value?.tools.map((tool) => tool.name) ?? []), ...EXTRA_TOOLS];
  const text = (id: string, label: string, value: { value: string }, list?: string) => (
    <div class="opt-field">
      <label for={id}>{label}</label>
      <input
        id={id}
        list={list}
        value={value.value}
        onInput={(e) => (value.value = e.currentTarget.value)}
      />
    </div>
  );
  return (
    <form
      class="opt-filters"
      aria-label={t('optionsAudit.filter.label')}
      onSubmit={(event) => {
        event.preventDefault();
        void applyFilters();
      }}
    >
      {text('filter-thread', t('optionsAudit.filter.thread'), filterForm.threadId)}
      {text('filter-tool', t('optionsAudit.filter.tool'), filterForm.tool, 'filter-tools')}
      <datalist id="filter-tools">
        {tools.map((tool) => (
          <option key={tool} value={tool} />
        ))}
      </datalist>
      <div class="opt-field">
        <label for="filter-status">{t('optionsAudit.filter.status')}</label>
        <select
          id="filter-status"
          value={filterForm.status.value}
          onChange={(e) =>
            (filterForm.status.value = e.currentTarget.value as typeof filterForm.status.value)
          }
        >
          <option value="">{t('optionsAudit.filter.any')}</option>
          {AuditStatusViewSchema.options.map((status) => (
            <option key={status} value={status} data-i18n-exempt="a record's stored status">
              {status}
            </option>
          ))}
        </select>
      </div>
      {text(
        'filter-decided-by',
        t('optionsAudit.filter.decidedBy'),
        filterForm.decidedBy,
        'filter-deciders',
      )}
      <datalist id="filter-deciders">
        {DECIDERS.map((decider) => (
          <option key={decider} value={decider} />
        ))}
      </datalist>
      <div class="opt-field">
        <label for="filter-from">{t('optionsAudit.filter.from')}</label>
        <input
          id="filter-from"
          type="date"
          value={filterForm.from.value}
          onInput={(e) => (filterForm.from.value = e.currentTarget.value)}
        />
      </div>
      <div class={`opt-field${filterError.value ? ' has-error' : ''}`}>
        <label for="filter-to">{t('optionsAudit.filter.to')}</label>
        <input
          {...fieldAria('filter-to', false, filterError.value)}
          type="date"
          value={filterForm.to.value}
          onInput={(e) => (filterForm.to.value = e.currentTarget.value)}
        />
        {filterError.value && (
          <p id="filter-to-error" class="field-error" role="alert">
            {filterError.value}
          </p>
        )}
      </div>
      <div class="opt-field filter-submit">
        <button type="submit" class="primary">
          {t('optionsAudit.filter.apply')}
        </button>
      </div>
    </form>
  );
}
