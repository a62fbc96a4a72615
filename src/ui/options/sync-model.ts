import { signal } from '@preact/signals';
import { MirrorSiteListSchema, type MirrorSiteView } from '../../shared/options-protocol';
import { ask, messageOf } from './client';

/** Every site's mirror as the background last reported it (null: not loaded yet). */
export const syncSites = signal<MirrorSiteView[] | null>(null);
export const syncError = signal<string | null>(null);
/** The target a "Send now" is running for (`userId@siteRoot`). */
export const syncing = signal<string | null>(null);

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
  syncing.value = `${site.userId}@${site.siteRoot}`;
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
export function modeText(site: MirrorSiteView): string {
  if (site.mode === 'server') return 'Sent to the site';
  if (site.mode === 'local-only') return 'Local audit only (the site has no Countersign plugin)';
  return 'Not checked yet';
}
