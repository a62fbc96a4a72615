import { t } from '../../../i18n';
import { useEffect } from 'preact/hooks';
import { followSites, revokeSite, sites, sitesMessage } from './sites-model';

/** Which sites Countersign may act on: granted per site from the side panel, revocable here. */
export function SiteAccess() {
  useEffect(() => followSites(), []);
  const list = sites.value;
  const message = sitesMessage.value;
  return (
    <section class="opt-card" aria-labelledby="sites-title">
      <h2 id="sites-title">{t('options.sites.title')}</h2>
      <p class="opt-hint">{t('options.sites.hint')}</p>
      {list === null ? (
        <p class="muted">{t('common.state.loading')}</p>
      ) : (
        <ul class="site-list" data-testid="site-list">
          {list.map((site) => (
            <li key={site.pattern}>
              <span class="site-origin" data-i18n-exempt="the site's address">
                {site.label}
              </span>
              {site.builtIn ? (
                <span class="badge" title={t('options.sites.builtInTitle')}>
                  {t('options.sites.builtIn')}
                </span>
              ) : (
                <button type="button" class="danger" onClick={() => void revokeSite(site)}>
                  {t('options.sites.revoke')}
                  <span class="visually-hidden">
                    {' '}
                    {t('options.sites.revokeSite', { site: site.label })}
                  </span>
                </button>
              )}
            </li>
          ))}
          {list.every((site) => site.builtIn) && <li class="muted">{t('options.sites.none')}</li>}
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
