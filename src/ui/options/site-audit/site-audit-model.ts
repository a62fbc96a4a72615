import { signal } from '@preact/signals';
import { t } from '../../../i18n';
import {
  SiteChainViewSchema,
  type SiteChainView,
} from '../../../shared/protocols/options-site-audit-view';
import {
  SiteAuditPageSchema,
  SiteExportViewSchema,
  type MirrorSiteView,
  type SiteAuditFilter,
  type SiteRecordView,
} from '../../../shared/protocols/options-protocol';
import { ask, messageOf } from '../options-request';
import { downloadBlob } from '../download';
import { newestOnly } from '../newest-only';
import { exportStatusText } from './site-chain-words';

/** The site whose audit is open, or null. */
export const auditSite = signal<MirrorSiteView | null>(null);
/** The filter form's fields, as typed. */
export const siteFilter = signal<{ tool: string; status: string; user: string; thread: string }>({
  tool: '',
  status: '',
  user: '',
  thread: '',
});
export const sitePage = signal<{
  records: SiteRecordView[];
  next: string | null;
  everyone: boolean;
} | null>(null);
export const siteCursors = signal<(string | null)[]>([null]);
export const siteLoading = signal(false);
export const siteError = signal<string | null>(null);
export const siteSelected = signal<SiteRecordView | null>(null);
export const siteExportStatus = signal<string | null>(null);
/** A7: the site's chain as the site verified it; `error` when it could not be asked. */
export const siteChain = signal<
  | { state: 'checking' }
  | { state: 'done'; chain: SiteChainView }
  | { state: 'error'; message: string }
  | null
>(null);

function filterOf(): SiteAuditFilter {
  const f = siteFilter.value;
  const out: SiteAuditFilter = {};
  if (f.tool.trim()) out.tool = f.tool.trim();
  if (f.status) out.status = f.status as SiteAuditFilter['status'];
  if (f.user.trim()) out.user = f.user.trim();
  if (f.thread.trim()) out.thread = f.thread.trim();
  return out;
}

const ticket = newestOnly();

async function load(cursor: string | null): Promise<void> {
  const site = auditSite.value;
  if (!site) return;
  const current = ticket();
  siteLoading.value = true;
  try {
    const page = await ask(
      {
        type: 'options-site-records',
        siteRoot: site.siteRoot,
        userId: site.userId,
        filter: filterOf(),
        cursor,
      },
      SiteAuditPageSchema,
    );
    if (!current()) return; // a newer filter or page answers instead
    sitePage.value = { records: page.records, next: page.nextCursor, everyone: page.everyone };
    siteError.value = null;
  } catch (error) {
    if (current()) siteError.value = messageOf(error);
  } finally {
    if (current()) siteLoading.value = false;
  }
}

/** Opens a site's audit at its newest page. */
export async function openSiteAudit(site: MirrorSiteView): Promise<void> {
  auditSite.value = site;
  sitePage.value = null;
  siteSelected.value = null;
  await Promise.all([applySiteFilters(), checkSiteChain()]);
}

const chainTicket = newestOnly();

/** A7: asks the site to verify its audit chain now. */
export async function checkSiteChain(): Promise<void> {
  const site = auditSite.value;
  if (!site) return;
  const current = chainTicket();
  siteChain.value = { state: 'checking' };
  try {
    const chain = await ask(
      { type: 'options-site-chain', siteRoot: site.siteRoot, userId: site.userId },
      SiteChainViewSchema,
    );
    if (current()) siteChain.value = { state: 'done', chain };
  } catch (error) {
    if (current()) siteChain.value = { state: 'error', message: messageOf(error) };
  }
}

/**
 * A7 "Check again": the chain is verified again and the list read again with it, so the
 * rows shown are what the database holds now (a row deleted or changed since is not shown
 * as it was).
 */
export async function recheckSiteAudit(): Promise<void> {
  await Promise.all([applySiteFilters(), checkSiteChain()]);
}

/** Reads the first page for the current filters. */
export async function applySiteFilters(): Promise<void> {
  siteCursors.value = [null];
  await load(null);
}

/** The next (older) page. */
export async function olderSitePage(): Promise<void> {
  const next = sitePage.value?.next;
  if (!next) return;
  siteCursors.value = [...siteCursors.value, next];
  await load(next);
}

/** The previous (newer) page. */
export async function newerSitePage(): Promise<void> {
  if (siteCursors.value.length < 2) return;
  const cursors = siteCursors.value.slice(0, -1);
  siteCursors.value = cursors;
  await load(cursors[cursors.length - 1] ?? null);
}

/** A3: the site streams the export; the page hands it to the browser's downloads. */
export async function exportSiteAudit(format: 'jsonl' | 'csv'): Promise<void> {
  const site = auditSite.value;
  if (!site) return;
  siteExportStatus.value = t('optionsSite.export.exporting');
  try {
    const { text, filename, chain } = await ask(
      {
        type: 'options-site-export',
        siteRoot: site.siteRoot,
        userId: site.userId,
        filter: filterOf(),
        format,
      },
      SiteExportViewSchema,
    );
    const type = format === 'csv' ? 'text/csv' : 'application/x-ndjson';
    downloadBlob(new Blob([text], { type }), filename);
    const lines = text.split('\n').filter(Boolean).length - (format === 'csv' ? 1 : 0);
    siteExportStatus.value = exportStatusText(lines, chain);
  } catch (error) {
    siteExportStatus.value = messageOf(error);
  }
}
