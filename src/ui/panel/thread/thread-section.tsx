import { useEffect, useMemo, useState } from 'preact/hooks';
import type { TabState } from '../../../shared/protocol';
import type { SiteEnv } from '../../site-env';
import { currentTabId } from '../tab-model';
import { ThreadPanel } from './thread-panel';
import { createThreadModel } from './thread-model';

type Ready = Extract<TabState, { kind: 'ready' }>;

/**
 * Wires the thread to the panel: one model per panel, opened for the tab the panel
 * serves and re-opened when that tab changes; closed when the panel goes away.
 */
export function ThreadSection({ state }: { state: Ready }) {
  const model = useMemo(() => createThreadModel(), []);
  const [tabId, setTabId] = useState<number | undefined>(undefined);
  useEffect(() => () => model.stop(), [model]);
  useEffect(() => {
    let live = true;
    void currentTabId().then((id) => {
      if (!live || id === undefined) return;
      setTabId(id);
      model.start(id);
    });
    return () => {
      live = false;
    };
  }, [model, state]);
  const site = useMemo<SiteEnv>(
    () => ({ origin: state.context.origin, adminUrl: state.context.adminUrl, tabId }),
    [state.context.origin, state.context.adminUrl, tabId],
  );
  return <ThreadPanel model={model} site={site} />;
}
