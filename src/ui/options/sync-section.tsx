import { useEffect } from 'preact/hooks';
import type { MirrorSiteView } from '../../shared/options-protocol';
import { formatCount, formatTime } from './format';
import { openSiteAudit } from './site-audit-model';
import { SiteAuditView } from './site-audit-view';
import { loadSync, modeText, syncError, syncing, syncNow, syncSites } from './sync-model';

function SiteSync({ site }: { site: MirrorSiteView }) {
  const key = `${site.userId}@${site.siteRoot}`;
  const busy = syncing.value === key;
  return (
    <section class="opt-card" aria-label={`Audit sync with ${site.label}`} data-testid="sync-site">
      <h3>
        {site.label} <span class="muted">(user {site.userId})</span>
      </h3>
      <dl class="opt-facts">
        <dt>Audit</dt>
        <dd data-testid="sync-mode">{modeText(site)}</dd>
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
      {site.mode !== 'local-only' && (
        <div class="opt-actions">
          <button type="button" onClick={() => void syncNow(site)} disabled={busy}>
            {busy ? 'Sending…' : 'Send now'}
          </button>
          <button type="button" onClick={() => void openSiteAudit(site)}>
            {site.canRead ? "Show the site's audit" : 'Show my records on the site'}
          </button>
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
        sites.map((site) => <SiteSync key={`${site.userId}@${site.siteRoot}`} site={site} />)
      )}
      <SiteAuditView />
    </section>
  );
}
