import { computed, signal } from '@preact/signals';
import {
  SiteToolsViewSchema,
  type SiteToolsView,
  type ToolSummary,
} from '../../../shared/protocols/options-protocol';
import { ask, messageOf } from '../options-request';

/** The site whose own tools are listed (`siteRoot`, `userId`), and what was read there. */
export const siteToolsTarget = signal<{ siteRoot: string; userId: string } | null>(null);
export const siteTools = signal<SiteToolsView | null>(null);
export const siteToolsLoading = signal(false);
export const siteToolsError = signal<string | null>(null);

/** The tools the chosen site adds, as listed (none while nothing was read). */
export const siteToolList = computed<ToolSummary[]>(() => siteTools.value?.tools ?? []);

/**
 * Reads what a site adds to the tools (WordPress 6.9+: its abilities) as the person, through
 * their open admin tab of it; `null` clears the list ("this browser only").
 */
export async function loadSiteTools(target: { siteRoot: string; userId: string } | null) {
  siteToolsTarget.value = target;
  siteTools.value = null;
  siteToolsError.value = null;
  if (!target) return;
  siteToolsLoading.value = true;
  try {
    const view = await ask({ type: 'options-site-tools', ...target }, SiteToolsViewSchema);
    // A later choice wins over an answer that arrives late.
    if (siteToolsTarget.value === target) siteTools.value = view;
  } catch (error) {
    if (siteToolsTarget.value === target) siteToolsError.value = messageOf(error);
  } finally {
    if (siteToolsTarget.value === target) siteToolsLoading.value = false;
  }
}

/** The site a tool of the list belongs to, for "try it"; undefined for the CMS's own tools. */
export function siteOfTool(name: string): { siteRoot: string; userId: string } | undefined {
  const target = siteToolsTarget.value;
  return target && siteToolList.value.some((tool) => tool.name === name) ? target : undefined;
}
