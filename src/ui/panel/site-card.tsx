import { t } from '../../i18n';
import type { TabState } from '../../shared/protocols/panel-protocol';
import { statusLabel } from '../../i18n';
import { screenLabel } from './screen-label';
import { ToolsHereList } from './tools-here';

type Shown = Extract<TabState, { kind: 'ready' | 'checking' }>;

/** Who is signed in where, and what they are looking at (while checking: where only). */
export function SiteCard({ state }: { state: Shown }) {
  const { context } = state;
  const user = state.kind === 'ready' ? state.user : undefined;
  const entity = state.kind === 'ready' ? state.entity : undefined;
  const roles = user?.roles.map((r) => r.label).join(', ');
  return (
    <section class="site-card" aria-label={t('panel.site.label')}>
      <dl>
        <dt>{t('panel.site.site')}</dt>
        <dd data-testid="site" data-i18n-exempt="host">
          {new URL(context.siteUrl).host}
        </dd>
        <dt>{t('panel.site.signedInAs')}</dt>
        {user ? (
          <dd>
            <span data-testid="user-name" data-i18n-exempt="user name">
              {user.name}
            </span>{' '}
            {roles ? (
              <span class="badge" data-testid="user-role" data-i18n-exempt="site's role names">
                {roles}
              </span>
            ) : (
              <span class="badge" data-testid="user-role">
                {t('panel.site.noRole')}
              </span>
            )}
          </dd>
        ) : (
          <dd class="muted" aria-busy="true" data-testid="user-checking">
            <span class="spinner" aria-hidden="true" /> {t('panel.site.checking')}
          </dd>
        )}
        <dt>{t('panel.site.screen')}</dt>
        <dd data-testid="screen">{screenLabel(context)}</dd>
        {entity && (
          <>
            <dt data-i18n-exempt="site's type name">{entity.typeLabel}</dt>
            <dd>
              {entity.title ? (
                <span data-testid="entity-title" data-i18n-exempt="site title">
                  {entity.title}
                </span>
              ) : (
                <span data-testid="entity-title">{t('cards.entity.noTitle')}</span>
              )}{' '}
              <span class={`status status-${entity.status}`}>{statusLabel(entity.status)}</span>
            </dd>
          </>
        )}
      </dl>
      {state.kind === 'ready' && <ToolsHereList />}
    </section>
  );
}
