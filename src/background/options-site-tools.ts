import type { MirrorTarget } from '../audit';
import { toolSummary } from '../settings/policy-catalog';
import type { SiteToolsView } from '../shared/protocols/options-protocol';
import type { AnyTool } from '../tools/tool';

/**
 * The tools one site adds (a WordPress site's abilities), read with the person's own open
 * admin tab of that site: the same registry the panel's threads use there. `null`: no such
 * tab is open, so nothing can be read as that person.
 */
export type SiteToolsOf = (target: MirrorTarget) => Promise<readonly AnyTool[] | null>;

/** The rules editor's list of a site's own tools, with where each class came from. */
export async function siteToolsView(
  siteTools: SiteToolsOf | undefined,
  target: MirrorTarget,
): Promise<SiteToolsView> {
  const tools = siteTools ? await siteTools(target) : [];
  if (tools === null) return { status: 'no-tab', tools: [] };
  return { status: 'listed', tools: tools.map(toolSummary) };
}

/** The tools "try it" may name: the CMS's own, and (with `site`) the ones that site adds. */
export async function toolsToTry(
  base: readonly AnyTool[],
  siteTools: SiteToolsOf | undefined,
  site?: MirrorTarget,
): Promise<readonly AnyTool[]> {
  const extra = site && siteTools ? ((await siteTools(site)) ?? []) : [];
  return [...base, ...extra];
}
