import { useEffect } from 'preact/hooks';
import { followSites, revokeSite, sites, sitesMessage } from './sites-model';

/** Which sites Countersign may act on: granted per site from the side panel, revocable here. */
export function SiteAccess() {
  useEffect(() => followSites(), []);
  const list = sites.value;
  const message = sitesMessage.value;
  return (
    <section class="opt-card" aria-labelledby="sites-title">
      <h2 id="sites-title">Site access</h2>
      <p class="opt-hint">
        Countersign reads and acts only on sites you granted, from the side panel on each site.
        Revoking a site stops it at once.
      </p>
      {list === null ? (
        <p class="muted">Loading…</p>
      ) : (
        <ul class="site-list" data-testid="site-list">
          {list.map((site) => (
            <li key={site.pattern}>
              <span class="site-origin">{site.label}</span>
              {site.builtIn ? (
                <span class="badge" title="Granted at install for the local development stack">
                  built in
                </span>
              ) : (
                <button type="button" class="danger" onClick={() => void revokeSite(site)}>
                  Revoke<span class="visually-hidden"> access to {site.label}</span>
                </button>
              )}
            </li>
          ))}
          {list.every((site) => site.builtIn) && (
            <li class="muted">No site granted yet besides the built-in local ones.</li>
          )}
        </ul>
      )}
      {message && (
        <p role="status" class={message.kind === 'ok' ? 'form-status saved' : 'inline-error'}>
          {message.text}
        </p>
      )}
    </section>
  );
}
