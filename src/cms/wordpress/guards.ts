import type { AnyTool, GuardResult, ToolContext } from '../../tools/tool';
import { checkFormats } from './formats/check-formats';
import { checkWholeState } from './whole-state';

function asRecord(input: unknown): Record<string, unknown> {
  return (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>;
}

/**
 * G9 for a whole-state tool: reads the entry's current whole state (from the gate pass's
 * `target` when given) and refuses when a field holding a value is missing, naming it.
 */
export async function guardWholeState(
  ctx: ToolContext,
  tool: AnyTool,
  input: unknown,
  target?: unknown,
): Promise<GuardResult> {
  const wholeState = tool.wholeState;
  if (!tool.classification?.whole || !wholeState) return { ok: true };
  const result = checkWholeState(tool, asRecord(input), await wholeState(ctx, input, target));
  return result.ok ? result : { ...result, check: 'whole-state' };
}

/**
 * `Tool.guard` of every WordPress tool: G9, then G10 (markup the account may not save,
 * WordPress's kses rules), both on the gate pass's read of the entry.
 */
export async function wordpressGuard(
  tool: AnyTool,
  ctx: ToolContext,
  input: unknown,
  target?: unknown,
): Promise<GuardResult> {
  const whole = await guardWholeState(ctx, tool, input, target);
  if (!whole.ok) return whole;
  const format = await checkFormats(ctx, tool, input, target);
  return format.ok ? format : { ...format, check: 'format' };
}
