import { t } from '../../../i18n';
import { signal } from '@preact/signals';
import {
  MirrorSiteListSchema,
  SiteWhoViewSchema,
  type MirrorSiteView,
  type SiteWhoView,
} from '../../../shared/protocols/options-protocol';
import { ask, messageOf } from '../options-request';

/** Every site's mirror as the background last reported it (null: not loaded yet). */
export const syncSites = signal<MirrorSiteView[] | null>(null);
export const syncError = signal<string | null>(null);
/** The target a "Send now" is running for (`userId@siteRoot`). */
export const syncing = signal<string | null>(null);

/** What asking a site who is signed in gave, per target (`userId@siteRoot`). */
export type SiteCheck =
  | { state: 'checking' }
  | { state: 'known'; who: SiteWhoView }
  | { state: 'failed'; message: string };
export const siteChecks = signal<Record<string, SiteCheck>>({});

/** The key of a site's card. */
export function siteKey(site: Pick<MirrorSiteView, 'siteRoot' | 'userId'>): string {
  return `${site.userId}@${site.siteRoot}`;
}

/**
 * A5: asks the site who is signed in and what they may do, when its card is shown, so the
 * card names the person and offers the right audit before any sync has happened.
 */
export async function checkSite(site: MirrorSiteView): Promise<void> {
  const key = siteKey(site);
  const set = (check: SiteCheck) => (siteChecks.value = { ...siteChecks.value, [key]: check });
  set({ state: 'checking' });
  try {
    const who = await ask(
      { type: 'options-site-who', siteRoot: site.siteRoot, userId: site.userId },
      SiteWhoViewSchema,
    );
    set({ state: 'known', who });
  } catch (error) {
    set({ state: 'failed', message: messageOf(error) });
  }
}

/** Reads every site's mirror state. */
export async function loadSync(): Promise<void> {
  try {
    syncSites.value = await ask({ type: 'options-mirror-status' }, MirrorSiteListSchema);
    syncError.value = null;
  } catch (error) {
    syncError.value = messageOf(error);
  }
}

/** A5: sends what waits for one site now, lifting its wait. */
export async function syncNow(site: MirrorSiteView): Promise<void> {
  syncing.value = siteKey(site);
  try {
    syncSites.value = await ask(
      { type: 'options-mirror-sync', siteRoot: site.siteRoot, userId: site.userId },
      MirrorSiteListSchema,
    );
    syncError.value = null;
  } catch (error) {
    syncError.value = messageOf(error);
  } finally {
    syncing.value = null;
  }
}

/** How a site keeps its audit, in words. */
export function modeText(site: Pick<MirrorSiteView, 'mode'>): string {
  if (site.mode === 'server') return t('optionsAudit.sync.mode.server');
  if (site.mode === 'local-only') return t('optionsAudit.sync.mode.local');
  return t('optionsAudit.sync.mode.unknown');
}

/**
 * A5: what happens to a site's records while it has no Countersign plugin, in words: they
 * wait in this browser and go to the site once the plugin is installed (retention may
 * remove old ones first, as for any site without the plugin).
 */
export function localOnlyText(site: Pick<MirrorSiteView, 'queued' | 'retentionDays'>): string {
  const n = site.queued;
  const kept =
    n === 0 ? t('optionsAudit.sync.localNone') : t('optionsAudit.sync.localSome', { count: n });
  if (site.retentionDays === null) return kept;
  return kept + t('optionsAudit.sync.retention', { count: site.retentionDays });
}
