import type { ToolRegistry } from './registry';
import type { AnyTool, Classification } from './tool';
import type { SiteClass } from '../shared/vocabulary';

/** A class a site's rules may give one of its own tools (`src/shared/vocabulary.ts`). */
export type SiteClassName = SiteClass;

const RANK: Record<SiteClassName, number> = { read: 0, write: 1, destructive: 2 };

const CLASSIFICATION: Record<SiteClassName, Classification> = {
  read: { kind: 'read', destructive: false },
  write: { kind: 'write', destructive: false },
  destructive: { kind: 'write', destructive: true },
};

/** A tool's class as a rank: read < write < destructive; undefined when unclassified. */
function rankOf(classification: Classification | undefined): number | undefined {
  if (!classification) return undefined;
  if (classification.destructive) return RANK.destructive;
  return classification.kind === 'read' ? RANK.read : RANK.write;
}

/**
 * Issue 34: what a site's class does to one of its tools. Only a site's own tool (an
 * ability: `siteOrigin`) takes one. A tool its plugin left unclassified takes the site's
 * class; a classified one takes it only when it is stricter (a read-only claim made a write,
 * a write made destructive): the site's rules tighten a claim, never loosen it. `applied`
 * says whether the class took effect; the tool is returned as it was otherwise.
 */
export function withSiteClass(
  tool: AnyTool,
  cls: SiteClassName | undefined,
): { tool: AnyTool; applied: boolean } {
  if (!cls || !tool.siteOrigin) return { tool, applied: false };
  const current = rankOf(tool.classification);
  if (current !== undefined && RANK[cls] <= current) return { tool, applied: false };
  return {
    tool: {
      ...tool,
      classification: CLASSIFICATION[cls],
      siteOrigin: { ...tool.siteOrigin, siteClass: cls },
    },
    applied: true,
  };
}

/** What the run loop and the options page read of a registry. */
type ToolLookup = Pick<ToolRegistry, 'get' | 'list' | 'validate' | 'definitions'>;

/**
 * The tools of a registry as the site's classes make them: `get`, `list` and a validation
 * answer the classed tool; the input checks and the model's definitions are the registry's (a
 * class changes neither). The registry itself when the site classes nothing.
 */
export function classedTools(
  source: ToolLookup,
  classes: Readonly<Record<string, SiteClassName>> | undefined,
): ToolLookup {
  if (!classes || Object.keys(classes).length === 0) return source;
  const classed = (tool: AnyTool) =>
    Object.hasOwn(classes, tool.name) ? withSiteClass(tool, classes[tool.name]).tool : tool;
  return {
    get: (name) => {
      const tool = source.get(name);
      return tool && classed(tool);
    },
    list: () => source.list().map(classed),
    validate: (name, input) => {
      const valid = source.validate(name, input);
      return valid.ok ? { ...valid, tool: classed(valid.tool) } : valid;
    },
    definitions: () => source.definitions(),
  };
}
