import { t } from '../../../i18n';
import { signal } from '@preact/signals';
import {
  AuditPageViewSchema,
  AuditRecordViewSchema,
  type AuditCursorView,
  type AuditFilterView,
  type AuditPageView,
  type AuditRecordView,
  type AuditStatusView,
} from '../../../shared/protocols/options-protocol';
import { ask, messageOf } from '../options-request';
import { newestOnly } from '../newest-only';
import { dayStart } from '../record-words';

/** Records per page of the viewer. */
export const PAGE_SIZE = 50;
const DAY_MS = 86_400_000;

/** The filter form, as typed. Dates are `YYYY-MM-DD`, both days included. */
export const filterForm = {
  threadId: signal(''),
  tool: signal(''),
  status: signal<AuditStatusView | ''>(''),
  decidedBy: signal(''),
  from: signal(''),
  to: signal(''),
};
export const filterError = signal<string | null>(null);
/** The filter of the pages on screen (and of an export). */
export const applied = signal<AuditFilterView>({});
export const page = signal<AuditPageView | null>(null);
/** The cursor each visited page started from; the first is null. */
export const cursors = signal<(AuditCursorView | null)[]>([null]);
export const pageIndex = signal(0);
export const loading = signal(false);
export const auditError = signal<string | null>(null);
/** How long the last page took, request included (ms). */
export const lastQueryMs = signal<number | null>(null);
export const selected = signal<AuditRecordView | null>(null);

/** The form as a filter, or the problem that stops it (shown at the date field). */
export function buildFilter(): AuditFilterView | string {
  const filter: AuditFilterView = {};
  const text = (value: string) => value.trim() || undefined;
  const threadId = text(filterForm.threadId.value);
  const tool = text(filterForm.tool.value);
  const decidedBy = text(filterForm.decidedBy.value);
  if (threadId) filter.threadId = threadId;
  if (tool) filter.tool = tool;
  if (decidedBy) filter.decidedBy = decidedBy;
  if (filterForm.status.value) filter.status = filterForm.status.value;
  const from = dayStart(filterForm.from.value);
  const to = dayStart(filterForm.to.value);
  if (from !== undefined) filter.from = from;
  if (to !== undefined) filter.to = to + DAY_MS;
  if (from !== undefined && to !== undefined && to < from)
    return t('optionsAudit.filter.toBeforeFrom');
  return filter;
}

const ticket = newestOnly();

async function loadPage(index: number): Promise<void> {
  const current = ticket();
  loading.value = true;
  const started = performance.now();
  try {
    const cursor = cursors.value[index] ?? null;
    const request = {
      type: 'options-audit-query',
      filter: applied.value,
      cursor,
      limit: PAGE_SIZE,
    } as const;
    const answer = await ask(request, AuditPageViewSchema);
    if (!current()) return; // a newer filter or page answers instead
    page.value = answer;
    lastQueryMs.value = Math.round(performance.now() - started);
    pageIndex.value = index;
    auditError.value = null;
  } catch (error) {
    if (current()) auditError.value = messageOf(error);
  } finally {
    if (current()) loading.value = false;
  }
}

/** Applies the form and shows the first page (newest first). */
export async function applyFilters(): Promise<void> {
  const filter = buildFilter();
  filterError.value = typeof filter === 'string' ? filter : null;
  if (typeof filter === 'string') return;
  applied.value = filter;
  cursors.value = [null];
  selected.value = null;
  await loadPage(0);
}

/** The next (older) page. */
export async function nextPage(): Promise<void> {
  const next = page.value?.next;
  if (!next) return;
  cursors.value = [...cursors.value.slice(0, pageIndex.value + 1), next];
  await loadPage(pageIndex.value + 1);
}

/** The previous (newer) page. */
export async function previousPage(): Promise<void> {
  if (pageIndex.value > 0) await loadPage(pageIndex.value - 1);
}

/** Opens a record by id (from the refused-calls report, for instance). */
export async function openRecordById(id: string): Promise<void> {
  try {
    selected.value = await ask({ type: 'options-audit-record', id }, AuditRecordViewSchema);
  } catch (error) {
    auditError.value = messageOf(error);
  }
}
