import { t } from '../../i18n';
import type { TabState } from '../../shared/protocols/panel-protocol';
import { grantSite, refresh, reloadTab } from './tab-model';

type Not<K extends TabState['kind']> = Exclude<TabState, { kind: 'ready' | 'checking' | K }>;

/** Every state of the tab but "ready" and "checking", each with what the person can do about it. */
export function TabStateNotice({ state }: { state: Not<never> }) {
  switch (state.kind) {
    case 'no-tab':
    case 'not-cms':
      return (
        <Notice title={t('panel.state.notCms.title')} testId="state-not-cms">
          {t('panel.state.notCms.body', { path: '/wp-admin/' })}
        </Notice>
      );
    case 'not-granted':
      return (
        <Notice title={t('panel.state.notGranted.title')} testId="state-not-granted">
          <p>
            {t('panel.state.notGranted.body')}{' '}
            {state.looksLikeCms ? t('panel.state.notGranted.looksLikeWp') : ''}
          </p>
          <button class="primary" type="button" onClick={() => void grantSite(state.origin)}>
            {t('panel.state.notGranted.grant', { host: new URL(state.origin).host })}
          </button>
        </Notice>
      );
    case 'detecting':
      return (
        <Notice title={t('panel.state.detecting.title')} testId="state-detecting" busy>
          <button type="button" onClick={() => void refresh()}>
            {t('panel.state.checkAgain')}
          </button>
        </Notice>
      );
    case 'waiting-editor':
      return (
        <Notice title={t('panel.state.waitingEditor.title')} testId="state-waiting-editor" busy>
          {state.entity
            ? t('panel.state.waitingEditor.entity', {
                type: state.entity.type,
                id: String(state.entity.id),
              })
            : t('panel.state.waitingEditor.post')}
        </Notice>
      );
    case 'invalid-context':
      return (
        <Notice title={t('panel.state.invalid.title')} testId="state-invalid" tone="danger">
          {t('panel.state.invalid.body', { reason: state.reason })}
        </Notice>
      );
    case 'signed-out':
      return (
        <Notice title={t('panel.state.signedOut.title')} testId="state-signed-out" tone="warning">
          <p>{t('panel.state.signedOut.body', { host: new URL(state.origin).host })}</p>
          <a class="button primary" href={state.loginUrl} target="_blank" rel="noreferrer">
            {t('panel.state.signedOut.signIn')}
          </a>
        </Notice>
      );
    case 'stale-session':
      return (
        <Notice
          title={t('panel.state.staleSession.title')}
          testId="state-stale-session"
          tone="warning"
        >
          <p>{t('panel.state.staleSession.body', { host: new URL(state.origin).host })}</p>
          <button class="primary" type="button" onClick={() => void reloadTab()}>
            {t('panel.state.staleSession.reload')}
          </button>
        </Notice>
      );
    case 'error':
      return (
        <Notice title={t('panel.state.error.title')} testId="state-error" tone="danger">
          <p data-i18n-worker>{state.message}</p>
          <button type="button" onClick={() => void refresh()}>
            {t('common.action.retry')}
          </button>
        </Notice>
      );
  }
}

function Notice(props: {
  title: string;
  testId: string;
  tone?: 'danger' | 'warning';
  busy?: boolean;
  children: preact.ComponentChildren;
}) {
  return (
    <section class={`notice ${props.tone ?? ''}`} data-testid={props.testId} aria-busy={props.busy}>
      <h2>
        {props.busy && <span class="spinner" aria-hidden="true" />}
        {props.title}
      </h2>
      <div>{props.children}</div>
    </section>
  );
}
