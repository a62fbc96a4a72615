import { auditLog } from './audit-service';
import type { CmsAdapter } from '../cms/adapter';
import { SealedRunStore } from '../run';
import { SealedStore } from '../store';
import { createRegistry } from '../tools/registry';
import { readEffectivePolicy } from '../settings/policy-store';
import { readRunOptions } from '../settings/run-options';
import type { ContextStore } from './context-store';
import { NoSessionError, Sessions } from './sessions';
import type { MirrorTarget } from '../audit';
import type { AnyTool } from '../tools/tool';
import { SiteTools } from './site-tools';
import { classedTools } from '../tools/site-class';
import { ThreadService } from './threads/thread-service';
import { ThreadViewStore } from './threads/thread-view-store';
import { SitePolicyService, siteTarget } from './site-policy';
import { toolsHere } from './tools-here';
import { mirrorService } from './audit-service';
import { MirrorError } from './mirror/errors';
import { createOptionsHandler, defaultOptionsServices } from './options-handlers';
import { ModelClients } from './threads/model-clients';

/**
 * Builds the background's long-lived services once per worker start, over the CMS adapter
 * the entrypoint chose: the one place it is wired (the sessions, the threads, the tools of
 * the options page and the message map all take it from here).
 */
export function buildServices(contexts: ContextStore, adapter: CmsAdapter) {
  // One Dexie connection for threads, options and retention; queued for the site's mirror
  // only where the CMS has a companion server to take it (A5).
  const audit = auditLog({ queued: adapter.companion !== undefined });
  // Issue 15 item 6: run states and thread views are sealed in the audit's database, so a
  // call's audit record and its run state are one transaction (docs/audit.md).
  const sealed = new SealedStore(audit.db);
  const registry = createRegistry(adapter.tools());
  const siteTools = new SiteTools(registry, adapter);
  const sessions = new Sessions(contexts, adapter);
  const sitePolicies = new SitePolicyService(
    async (target) => {
      if (!adapter.companion) return null;
      const mirror = mirrorService();
      if (!mirror) throw new MirrorError('network', 'The audit mirror is not running.');
      return mirror.client(target);
    },
    () => registry.names(),
    Date.now,
    adapter.siteToolPrefixes,
  );
  const threads = new ThreadService(
    {
      audit,
      runStore: new SealedRunStore(sealed),
      registry,
      siteTools,
      adapter,
      sessions,
      // G11: managed over the site's over admin over defaults, read at each operation so a
      // change in the options page, on the site or by enterprise policy applies to the
      // next call (the site's is cached for a minute, see site-policy.ts).
      policy: async (site) => {
        const reading = await sitePolicies.read(siteTarget(site));
        const layer = reading.status === 'none' ? undefined : reading.layer;
        const tools = (await siteTools.registryFor(site)).names();
        return (await readEffectivePolicy({ tools, site: layer })).policy;
      },
      runOptions: readRunOptions,
      models: new ModelClients(),
    },
    new ThreadViewStore(sealed),
  );
  const options = createOptionsHandler(
    defaultOptionsServices(adapter, () => adapter.tools(), sitePolicies, {
      siteToolPrefixes: adapter.siteToolPrefixes,
      siteTools: (target) => toolsSiteAdds(sessions, siteTools, sitePolicies, target),
    }),
  );
  // Issue 34: the panel's list of what the agent may use on a tab.
  const here = (tabId: number) =>
    toolsHere(sessions, siteTools, sitePolicies, tabId, adapter.label);
  return {
    sealed,
    audit,
    adapter,
    registry,
    sessions,
    sitePolicies,
    threads,
    options,
    toolsHere: here,
  };
}

/**
 * The tools a site adds, as the person reads them through an open admin tab of that site
 * (the registry its threads use), each as the site's rules class it; `null` when no such tab
 * is open.
 */
async function toolsSiteAdds(
  sessions: Sessions,
  siteTools: SiteTools,
  sitePolicies: SitePolicyService,
  target: MirrorTarget,
): Promise<readonly AnyTool[] | null> {
  let site;
  try {
    const siteOrigin = new URL(target.siteRoot).origin;
    site = await sessions.forOwner({ ...target, siteOrigin });
  } catch (error) {
    if (error instanceof NoSessionError) return null;
    throw error;
  }
  const registry = await siteTools.registryFor(site);
  const reading = await sitePolicies.read(target);
  const classes = reading.status === 'none' ? undefined : reading.layer.classes;
  return classedTools(registry, classes)
    .list()
    .filter((tool) => !siteTools.base.get(tool.name));
}
