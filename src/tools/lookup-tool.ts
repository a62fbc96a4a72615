import { z } from 'zod';
import { t } from '../i18n';
import { bestMatches, LOOKUP_TOOL } from './tool-offer';
import type { AnyTool, ToolResult } from './tool';

/** How many tools one look-up answers with at most. */
export const FOUND_MAX = 20;
/** How many groups the look-up's description names at most. */
const GROUPS_NAMED = 40;

const LookupInput = z.strictObject({
  query: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .describe('Words for what the tool should do, e.g. "refund an order" or "list forms".'),
  group: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .optional()
    .describe('Only tools of this group (one of the groups named in the description).'),
});

/**
 * Issue 34 item 2: the tool a model uses to find a site's other tools when the site has too
 * many to offer at once (`tool-offer.ts`). It reads nothing from the site: it searches the
 * tools the site's registry already holds, and the ones it names are offered from the
 * model's next request (the transcript keeps its answer, so a resumed worker offers them
 * too). A read: under the default rules it runs without asking.
 */
export function lookupTool(siteTools: readonly AnyTool[]): AnyTool {
  const groups = countGroups(siteTools);
  const groupWords = groups
    .slice(0, GROUPS_NAMED)
    .map(([group, count]) => `${JSON.stringify(group)} (${count})`)
    .join(', ');
  return {
    name: LOOKUP_TOOL,
    label: 'Find the site’s tools',
    description:
      `This site offers ${siteTools.length} tools of its own (its abilities), too many to list at once: ` +
      'only those that match the request are offered now. Look the others up by words; the ones found ' +
      'can be called by name from your next reply. ' +
      (groupWords ? `Groups: ${groupWords}.` : ''),
    cardDescription: 'Looks up which of the site’s own tools fit the request; changes nothing.',
    input: LookupInput,
    classification: { kind: 'read', destructive: false },
    // It changes nothing: a worker stopped while it ran may run it again.
    retryOnce: true,
    access: () => Promise.resolve({ ok: true as const }),
    execute(_ctx, input: z.infer<typeof LookupInput>): Promise<ToolResult> {
      return Promise.resolve(lookUp(siteTools, input));
    },
  };
}

function lookUp(siteTools: readonly AnyTool[], input: z.infer<typeof LookupInput>): ToolResult {
  const group = input.group?.toLocaleLowerCase();
  const pool = group
    ? siteTools.filter((tool) => tool.siteOrigin?.group?.toLocaleLowerCase() === group)
    : siteTools;
  let found = bestMatches(pool, input.query, FOUND_MAX);
  // A group asked for by words that match none of its tools: its tools, by label.
  if (found.length === 0 && group) {
    found = [...pool].sort((a, b) => a.label.localeCompare(b.label)).slice(0, FOUND_MAX);
  }
  const summary = found.length
    ? `Found ${found.length} of the site's ${siteTools.length} tools for "${input.query}"${input.group ? ` in "${input.group}"` : ''}; each can be called by its name from your next reply.`
    : `No tool of the site matches "${input.query}"${input.group ? ` in "${input.group}"` : ''}; try other words or a group.`;
  return {
    summary,
    data: {
      found: found.map((tool) => ({
        name: tool.name,
        label: tool.label,
        description: clipped(tool.description, 300),
        ...(tool.siteOrigin?.group ? { group: tool.siteOrigin.group } : {}),
      })),
    },
    // The labels and descriptions are those the model is offered as the tools' own (the
    // site's plugins wrote them, not its users): they do not make the thread untrusted.
    display: { summary: t('worker.summary.toolsFound', { count: found.length }) },
  };
}

/** Each group with how many tools it holds, largest first (tools with none are not named). */
function countGroups(tools: readonly AnyTool[]): [string, number][] {
  const counts = new Map<string, number>();
  for (const tool of tools) {
    const group = tool.siteOrigin?.group;
    if (group) counts.set(group, (counts.get(group) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}

function clipped(text: string, max: number): string {
  return text.length > max ? text.slice(0, max - 1) + '…' : text;
}
