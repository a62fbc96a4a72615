import { useEffect, useLayoutEffect, useMemo, useState } from 'preact/hooks';
import type { PageContext } from '../../../shared/protocols/page-context';
import type { SiteEnv } from '../../site-env';
import { currentTabId } from '../current-tab';
import { whenContextKnown } from '../tab-model';
import { ThreadPanel } from './thread-panel';
import { createThreadModel, type ThreadModel } from './thread-model';

let shared: ThreadModel | undefined;
/** The panel's one thread model. */
const panelModel = (): ThreadModel => (shared ??= createThreadModel());
// The port opens as soon as the background knows the page, before the panel renders it.
whenContextKnown((tab) => panelModel().start(tab));

/**
 * Wires the thread to the panel: one model per panel page, opened for the tab the panel
 * serves and re-opened when that tab changes; closed when the panel goes away. It mounts
 * as soon as the page's context is known, while the session is still being checked.
 */
export function ThreadSection({ context }: { context: PageContext }) {
  const model = panelModel();
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
