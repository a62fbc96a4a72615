import { useEffect, useLayoutEffect, useMemo, useState } from 'preact/hooks';
import type { PageContext } from '../../../shared/page-context';
import type { SiteEnv } from '../../site-env';
import { currentTabId } from '../tab-model';
import { ThreadPanel } from './thread-panel';
import { createThreadModel } from './thread-model';

/**
 * Wires the thread to the panel: one model per panel, opened for the tab the panel
 * serves and re-opened when that tab changes; closed when the panel goes away. It mounts
 * as soon as the page's context is known, while the session is still being checked.
 */
export function ThreadSection({ context }: { context: PageContext }) {
  const model = useMemo(() => createThreadModel(), []);
  const [tabId, setTabId] = useState<number | undefined>(undefined);
  useEffect(() => () => model.stop(), [model]);
  // A layout effect runs right after this render, not after the next frame: the port opens
  // while the rest of the panel paints.
  useLayoutEffect(() => {
    let live = true;
    void currentTabId().then((id) => {
      if (!live || id === undefined) return;
      setTabId(id);
      model.start(id);
    });
    return () => {
      live = false;
    };
  }, [model, context]);
  const site = useMemo<SiteEnv>(
    () => ({ origin: context.origin, adminUrl: context.adminUrl, tabId }),
    [context.origin, context.adminUrl, tabId],
  );
  return <ThreadPanel model={model} site={site} />;
}
