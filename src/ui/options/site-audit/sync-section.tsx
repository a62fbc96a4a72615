import { formatDateTime, t } from '../../../i18n';
import { useEffect } from 'preact/hooks';
import type { MirrorSiteView } from '../../../shared/protocols/options-protocol';
import { openSiteAudit } from './site-audit-model';
import { SiteAuditView } from './site-audit-view';
import {
  checkSite,
  loadSync,
  localOnlyText,
  modeText,
  siteChecks,
  siteKey,
  syncError,
  syncing,
  syncNow,
  syncSites,
  type SiteCheck,
} from './sync-model';

/** The site's card as the site says now, else as the last sync left it. */
function known(site: MirrorSiteView, check: SiteCheck | undefined) {
  const who = check?.state === 'known' && check.who.sameUser ? check.who : null;
  return {
    displayName: who?.displayName ?? site.displayName,
    // Which audit to offer is known once the site answered, or a sync has reached it.
    canRead: who ? who.canRead : site.mode === 'server' ? site.canRead : null,
  };
}

function SiteSync({ site }: { site: MirrorSiteView }) {
  const key = siteKey(site);
  const busy = syncing.value === key;
  const check = siteChecks.value[key];
  useEffect(() => {
    if (site.mode !== 'local-only') void checkSite(site);
    // Asked once per card shown; the 5 s refresh of the list does not ask again.
  }, [key]);
  const { displayName, canRead } = known(site, check);
  const noPlugin = site.mode === 'local-only' || (check?.state === 'known' && !check.who.plugin);
  return (
    <section
      class="opt-card"
      aria-label={t('optionsAudit.sync.siteLabel', { site: site.label })}
      data-testid="sync-site"
    >
      <h3>
        {site.label}{' '}
        <span class="muted">
          {displayName
            ? t('optionsAudit.sync.signedInAs', { name: displayName })
            : t('optionsAudit.sync.user', { id: site.userId })}
        </span>
      </h3>
      <dl class="opt-facts">
        <dt>{t('optionsAudit.sync.audit')}</dt>
        <dd data-testid="sync-mode">
          {modeText(
            noPlugin
              ? { mode: 'local-only' }
              : check?.state === 'known'
                ? { mode: 'server' }
                : site,
          )}
        </dd>
        <dt>{t('optionsAudit.sync.lastSync')}</dt>
        <dd data-testid="sync-last">
          {site.lastSyncAt === null ? (
            t('optionsAudit.sync.never')
          ) : (
            <time dateTime={new Date(site.lastSyncAt).toISOString()}>
              {formatDateTime(site.lastSyncAt)}
            </time>
          )}
        </dd>
        <dt>{t('optionsAudit.sync.waiting')}</dt>
        <dd data-testid="sync-queued">{t('optionsAudit.sync.records', { count: site.queued })}</dd>
        <dt>{t('optionsAudit.sync.lastProblem')}</dt>
        <dd data-testid="sync-error" data-i18n-worker>
          {site.lastError ?? t('optionsAudit.sync.noProblem')}
        </dd>
        {site.lastError && site.nextAttemptAt > Date.now() && (
          <>
            <dt>{t('optionsAudit.sync.nextTry')}</dt>
            <dd>
              <time dateTime={new Date(site.nextAttemptAt).toISOString()}>
                {formatDateTime(site.nextAttemptAt)}
              </time>
            </dd>
          </>
        )}
      </dl>
      {noPlugin && (
        <>
          <p class="opt-hint" data-testid="sync-local-note">
            {localOnlyText(site)}
          </p>
          <div class="opt-actions">
            <button
              type="button"
              onClick={() => void syncNow(site).then(() => checkSite(site))}
              disabled={busy}
            >
              {busy ? t('optionsAudit.sync.checking') : t('optionsAudit.sync.checkAgain')}
            </button>
          </div>
        </>
      )}
      {!noPlugin && (
        <div class="opt-actions">
          <button type="button" onClick={() => void syncNow(site)} disabled={busy}>
            {busy ? t('optionsAudit.sync.sending') : t('optionsAudit.sync.sendNow')}
          </button>
          {canRead === null ? (
            <span role="status" class="form-status" data-testid="sync-checking">
              {check?.state === 'failed'
                ? t('optionsAudit.sync.waitForSite', { message: check.message })
                : t('optionsAudit.sync.askingWho')}
            </span>
          ) : (
            <button
              type="button"
              onClick={() => void openSiteAudit({ ...site, canRead, displayName })}
            >
              {canRead ? t('optionsAudit.sync.showSiteAudit') : t('optionsAudit.sync.showMine')}
            </button>
          )}
        </div>
      )}
    </section>
  );
}

/** A5: per site, whether its audit reaches the site, what waits, and the last problem. */
export function SyncSection() {
  useEffect(() => {
    void loadSync();
    const timer = setInterval(() => void loadSync(), 5_000);
    return () => clearInterval(timer);
  }, []);
  const sites = syncSites.value;
  return (
    <section class="opt-stack" aria-labelledby="sync-title">
      <h2 id="sync-title">{t('optionsAudit.sync.title')}</h2>
      <p class="opt-hint">{t('optionsAudit.sync.intro')}</p>
      {syncError.value && (
        <p class="inline-error" role="alert">
          {syncError.value}
        </p>
      )}
      {sites === null ? (
        <p class="muted">{t('optionsAudit.loading')}</p>
      ) : sites.length === 0 ? (
        <p class="muted" data-testid="sync-empty">
          {t('optionsAudit.sync.empty')}
        </p>
      ) : (
        sites.map((site) => <SiteSync key={siteKey(site)} site={site} />)
      )}
      <SiteAuditView />
    </section>
  );
}
