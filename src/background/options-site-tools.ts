import type { MirrorTarget } from '../audit';
import { readEffectivePolicy } from '../settings/policy-store';
import { toolSummary } from '../settings/policy-catalog';
import { tryRule } from '../settings/policy-try';
import type { OptionsReply, SiteToolsView } from '../shared/options-protocol';
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

/**
 * "Try it" for a tool: the CMS's own, or (with `site`) one that site adds. The policy tried
 * against is this browser's effective one, with the tool's name known.
 */
export async function tryToolRule(
  base: readonly AnyTool[],
  siteTools: SiteToolsOf | undefined,
  request: { tool: string; entry: unknown; sample: unknown; site?: MirrorTarget },
): Promise<OptionsReply<unknown>> {
  const extra = request.site && siteTools ? ((await siteTools(request.site)) ?? []) : [];
  const tools = [...base, ...extra];
  const tool = tools.find((candidate) => candidate.name === request.tool);
  if (!tool) {
    const message = `"${request.tool}" is not a known tool.`;
    return { ok: false, error: { code: 'not-found', message } };
  }
  const { policy } = await readEffectivePolicy({ tools: tools.map((t) => t.name) });
  const tried = tryRule(tool, request.entry, request.sample, policy);
  if (tried.ok) return { ok: true, value: tried.view };
  const message = tried.problems.map((p) => p.message).join(' ');
  return { ok: false, error: { code: 'bad-input', message, problems: tried.problems } };
}
