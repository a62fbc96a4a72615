import { defaultMode } from '../gate';
import type { AlwaysAskView, ToolSummary } from '../shared/protocols/options-protocol';
import type { AnyTool } from '../tools/tool';
import { toolCardDescription, toolLabel } from '../tools/tool-words';

/**
 * G2 for the editor: which calls of the tool ask whatever its entry says. Decided from the
 * classification alone, as the gate does: no classification, destructive, or a write
 * without `draft()` always ask; a write with `draft()` asks when it would go live.
 */
export function alwaysAskOf(tool: Pick<AnyTool, 'classification'>): AlwaysAskView | null {
  const classification = tool.classification;
  if (!classification) return 'unclassified';
  if (classification.destructive) return 'destructive';
  if (classification.kind !== 'write') return null;
  return classification.draft ? 'live-write-unless-draft' : 'live-write';
}

/** A tool as the rules editor lists it (T1, T2), with a sample call for "try it". */
export function toolSummary(tool: AnyTool): ToolSummary {
  const summary: ToolSummary = {
    name: tool.name,
    // In the person's language when the catalogue knows the tool (issue 37).
    label: toolLabel(tool),
    cardDescription: toolCardDescription(tool),
    kind: tool.classification?.kind ?? null,
    destructive: tool.classification?.destructive ?? false,
    alwaysAsk: alwaysAskOf(tool),
    defaultMode: defaultMode(tool),
    sample: JSON.stringify(sampleCall(tool), null, 2),
  };
  if (tool.accessHint) summary.accessHint = tool.accessHint;
  if (tool.siteOrigin) summary.siteOrigin = tool.siteOrigin;
  return summary;
}

const ENTITY_SAMPLE: Record<string, unknown> = { type: 'post', id: 12 };

/**
 * A plausible `{ input, facts }` for the tool: the entity keys its classification names,
 * one changed value, and a draft entity as the facts (edit them to try a live one).
 */
export function sampleCall(tool: Pick<AnyTool, 'classification'>): {
  input: Record<string, unknown>;
  facts: Record<string, unknown>;
} {
  const changes = tool.classification?.changes;
  if (!changes) return { input: {}, facts: {} };
  const input: Record<string, unknown> = {};
  for (const key of changes.entity) input[key] = ENTITY_SAMPLE[key] ?? '';
  const value = changes.values.includes('title') ? 'title' : changes.values[0];
  if (value !== undefined) input[value] = value === 'title' ? 'A new title' : '';
  const facts = changes.entity.includes('id') ? { entity: { status: 'draft' } } : {};
  return { input, facts };
}
