import { useEffect } from 'preact/hooks';
import type { MirrorSiteView } from '../../shared/options-protocol';
import { formatCount, formatTime } from './format';
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
    <section class="opt-card" aria-label={`Audit sync with ${site.label}`} data-testid="sync-site">
      <h3>
        {site.label}{' '}
        <span class="muted">
          {displayName ? `(signed in as ${displayName})` : `(user ${site.userId})`}
        </span>
      </h3>
      <dl class="opt-facts">
        <dt>Audit</dt>
        <dd data-testid="sync-mode">
          {modeText(
            noPlugin
              ? { mode: 'local-only' }
              : check?.state === 'known'
                ? { mode: 'server' }
                : site,
          )}
        </dd>
        <dt>Last sync</dt>
        <dd data-testid="sync-last">
          {site.lastSyncAt === null ? 'Never' : formatTime(site.lastSyncAt)}
        </dd>
        <dt>Waiting in this browser</dt>
        <dd data-testid="sync-queued">
          {formatCount(site.queued)} record{site.queued === 1 ? '' : 's'}
        </dd>
        <dt>Last problem</dt>
        <dd data-testid="sync-error">{site.lastError ?? 'None'}</dd>
        {site.lastError && site.nextAttemptAt > Date.now() && (
          <>
            <dt>Next try</dt>
            <dd>{formatTime(site.nextAttemptAt)}</dd>
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
              {busy ? 'Checking the site…' : 'Check the site again'}
            </button>
          </div>
        </>
      )}
      {!noPlugin && (
        <div class="opt-actions">
          <button type="button" onClick={() => void syncNow(site)} disabled={busy}>
            {busy ? 'Sending…' : 'Send now'}
          </button>
          {canRead === null ? (
            <span role="status" class="form-status" data-testid="sync-checking">
              {check?.state === 'failed'
                ? `The site's audit can be shown once the site answers: ${check.message}`
                : 'Asking the site who is signed in…'}
            </span>
          ) : (
            <button
              type="button"
              onClick={() => void openSiteAudit({ ...site, canRead, displayName })}
            >
              {canRead ? "Show the site's audit" : 'Show my records on the site'}
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
      <h2 id="sync-title">Site audit</h2>
      <p class="opt-hint">
        Where the Countersign plugin is active, every record is also kept on the site, so admins see
        what the agent did in every browser. Records wait here while the site cannot be reached, and
        nothing is sent twice.
      </p>
      {syncError.value && (
        <p class="inline-error" role="alert">
          {syncError.value}
        </p>
      )}
      {sites === null ? (
        <p class="muted">Loading…</p>
      ) : sites.length === 0 ? (
        <p class="muted" data-testid="sync-empty">
          No site has audit records in this browser yet.
        </p>
      ) : (
        sites.map((site) => <SiteSync key={siteKey(site)} site={site} />)
      )}
      <SiteAuditView />
    </section>
  );
}
