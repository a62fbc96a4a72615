import type { AnyTool, CallFacts } from '../tools/tool';
import { z } from 'zod';

/** G2: the classes of call that ask every time, whatever the policy says. */
export const AlwaysAskClassSchema = z.enum(['destructive', 'unclassified', 'live-write']);
export type AlwaysAskClass = z.infer<typeof AlwaysAskClassSchema>;

/** What the gate needs of a tool: its name and classification (T2). */
/**
 * A tool as the gate judges it: its name and class, and the words a person knows it by (its
 * label in their language) for the reasons on a card; without a label the reasons name it.
 */
export type GateTool = Pick<AnyTool, 'name' | 'classification'> & { label?: string };

/**
 * T2: whether a write lands as a draft. A write without `draft()`, or whose `draft()`
 * throws, is treated as live: when we cannot tell, we assume visitors see it.
 */
export function landsAsDraft(tool: GateTool, input: unknown, facts: CallFacts): boolean {
  const draft = tool.classification?.draft;
  if (!draft) return false;
  try {
    return draft(input, facts) === true;
  } catch {
    return false;
  }
}

/**
 * G2: the always-ask class of a call, or null. Destructive and unclassified tools always
 * ask; so does a write that does not land as a draft.
 */
export function alwaysAskClass(
  tool: GateTool,
  input: unknown,
  facts: CallFacts,
): AlwaysAskClass | null {
  const classification = tool.classification;
  if (!classification) return 'unclassified';
  if (classification.destructive) return 'destructive';
  if (classification.kind === 'write' && !landsAsDraft(tool, input, facts)) return 'live-write';
  return null;
}

/**
 * S2: whether a call goes live, that is, others can see or feel its effect: every call
 * with a side effect except a write that lands as a draft. Reads do not go live;
 * unclassified tools are assumed to.
 */
export function goesLive(tool: GateTool, input: unknown, facts: CallFacts): boolean {
  const classification = tool.classification;
  if (!classification) return true;
  if (classification.kind === 'read') return false;
  if (classification.kind === 'write') return !landsAsDraft(tool, input, facts);
  return true;
}

/** G3: the default mode when no policy entry applies: reads run, everything else asks. */
export function defaultMode(tool: GateTool): 'allow' | 'ask' {
  return tool.classification?.kind === 'read' ? 'allow' : 'ask';
}
