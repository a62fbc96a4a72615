import { AuditStatusViewSchema } from '../../shared/options-protocol';
import { applyFilters, filterError, filterForm } from './audit-model';
import { fieldAria } from './field';
import { view } from './rules-model';

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
      aria-label="Filter records"
      onSubmit={(event) => {
        event.preventDefault();
        void applyFilters();
      }}
    >
      {text('filter-thread', 'Thread', filterForm.threadId)}
      {text('filter-tool', 'Tool', filterForm.tool, 'filter-tools')}
      <datalist id="filter-tools">
        {tools.map((tool) => (
          <option key={tool} value={tool} />
        ))}
      </datalist>
      <div class="opt-field">
        <label for="filter-status">Status</label>
        <select
          id="filter-status"
          value={filterForm.status.value}
          onChange={(e) =>
            (filterForm.status.value = e.currentTarget.value as typeof filterForm.status.value)
          }
        >
          <option value="">Any</option>
          {AuditStatusViewSchema.options.map((status) => (
            <option key={status} value={status}>
              {status}
            </option>
          ))}
        </select>
      </div>
      {text('filter-decided-by', 'Decided by', filterForm.decidedBy, 'filter-deciders')}
      <datalist id="filter-deciders">
        {DECIDERS.map((decider) => (
          <option key={decider} value={decider} />
        ))}
      </datalist>
      <div class="opt-field">
        <label for="filter-from">From</label>
        <input
          id="filter-from"
          type="date"
          value={filterForm.from.value}
          onInput={(e) => (filterForm.from.value = e.currentTarget.value)}
        />
      </div>
      <div class={`opt-field${filterError.value ? ' has-error' : ''}`}>
        <label for="filter-to">To</label>
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
          Apply filters
        </button>
      </div>
    </form>
  );
}
