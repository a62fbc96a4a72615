import type { AccessResult, AnyTool, CallFacts, ToolContext } from './tool';

/**
 * One gate pass's read of a call's target ({@link AnyTool.readTarget}), or undefined for a
 * tool that reads nothing up front. The answer serves `facts()` and `access()` of this
 * pass only; the next pass reads again.
 */
export function readTarget(tool: AnyTool, ctx: ToolContext, input: unknown): Promise<unknown> {
  return tool.readTarget ? tool.readTarget(ctx, input) : Promise.resolve(undefined);
}

/** G5 outside the run loop's gate pass (an Undo offer, tests): a fresh read, then `access()`. */
export async function accessNow(
  tool: AnyTool,
  ctx: ToolContext,
  input: unknown,
): Promise<AccessResult> {
  return tool.access(ctx, input, await readTarget(tool, ctx, input));
}

/** A tool's facts outside the run loop's gate pass: a fresh read, then `facts()`. */
export async function factsNow(
  tool: AnyTool,
  ctx: ToolContext,
  input: unknown,
): Promise<CallFacts> {
  if (!tool.facts) return {};
  return tool.facts(ctx, input, await readTarget(tool, ctx, input));
}
