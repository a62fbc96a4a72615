import type { ToolHere, ToolsHere } from '../shared/protocols/panel-protocol';
import { classedTools } from '../tools/site-class';
import { toolLabel } from '../tools/tool-words';
import type { AnyTool } from '../tools/tool';
import type { Sessions } from './sessions';
import type { SiteTools } from './site-tools';
import { siteTarget, type SitePolicyService } from './site-policy';

/**
 * Issue 34: what the agent may use on a tab (the panel's "What the agent can use here"): the
 * CMS's tools, the site's own (its abilities, grouped by their category) and the open admin
 * page's, each as the site's rules class it, in the person's language where the catalogue
 * knows the tool. The same registry the tab's threads use, read as the tab's person.
 */
export async function toolsHere(
  sessions: Pick<Sessions, 'forTab'>,
  siteTools: Pick<SiteTools, 'registryFor' | 'base'>,
  sitePolicies: Pick<SitePolicyService, 'read'>,
  tabId: number,
  cms: string,
): Promise<ToolsHere> {
  const site = await sessions.forTab(tabId);
  const registry = await siteTools.registryFor(site);
  const reading = await sitePolicies.read(siteTarget(site));
  const classes = reading.status === 'none' ? undefined : reading.layer.classes;
  const tools = classedTools(registry, classes)
    .list()
    .filter((tool) => !tool.personOnly);
  return {
    cms,
    tools: tools.map((tool) => hereOf(tool, siteTools.base.get(tool.name) !== undefined)),
  };
}

function hereOf(tool: AnyTool, own: boolean): ToolHere {
  const origin = tool.siteOrigin;
  return {
    name: tool.name,
    label: toolLabel(tool).slice(0, 200),
    where: own || !origin ? 'cms' : origin.page ? 'page' : 'site',
    ...(origin?.group ? { group: origin.group.slice(0, 200) } : {}),
    kind: tool.classification?.kind ?? null,
    destructive: tool.classification?.destructive ?? false,
  };
}
