import type { AnyTool, CallFacts } from './tool';

/** T2: a tool without a classification is unclassified and always asks (G2). */
export function isUnclassified(tool: Pick<AnyTool, 'classification'>): boolean {
  return tool.classification === undefined;
}

/**
 * T2: whether a write lands as a draft. A write without `draft()`, or whose `draft()`
 * throws, is treated as live: when we cannot tell, we assume visitors see it.
 */
export function landsAsDraft(
  tool: Pick<AnyTool, 'classification'>,
  input: unknown,
  facts: CallFacts,
): boolean {
  const draft = tool.classification?.draft;
  if (!draft) return false;
  try {
    return draft(input, facts) === true;
  } catch {
    return false;
  }
}
