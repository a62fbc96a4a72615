import { useLayoutEffect } from 'preact/hooks';
import { t } from '../../i18n';
import { follow, panelError, tabState } from './tab-model';
import { SiteCard } from './site-card';
import { TabStateNotice } from './tab-states';
import { ThreadSection } from './thread/thread-section';

/** The side panel: where the person is, then the thread beside it. */
export function PanelApp() {
  // A layout effect: the first request leaves right after the first render, not a frame later.
  useLayoutEffect(() => follow(), []);
  const state = tabState.value;
  return (
    <main class="panel">
      <header class="panel-header">
        <h1>{t('common.app.name')}</h1>
      </header>
      {panelError.value && (
        <p class="inline-error" role="alert">
          {panelError.value}
        </p>
      )}
      {state.kind === 'loading' ? (
        <p class="muted" aria-busy="true">
          <span class="spinner" aria-hidden="true" /> {t('panel.tab.looking')}
        </p>
      ) : state.kind === 'ready' || state.kind === 'checking' ? (
        <>
          <SiteCard state={state} />
          <ThreadSection context={state.context} />
        </>
      ) : (
        <TabStateNotice state={state} />
      )}
    </main>
  );
}
