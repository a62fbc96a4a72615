import type { z } from 'zod';
import type { AccessResult, Tool } from '../../../tools/tool';
import { InputError } from '../../../shared/errors';
import type { WithFormatFields } from '../formats/check-formats';
import { wordpressGuard } from '../guards';

/**
 * A WordPress tool: the Tool contract (its card data, C1, whole state, G9, and media
 * fields, C3, included) with the G10 hooks typed as the WordPress format check reads them.
 */
export type WpTool<S extends z.ZodType = z.ZodType, Target = unknown> = Tool<S, Target> &
  WithFormatFields;

/** A WordPress tool with its input type erased, as the tool list holds it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyWpTool = WpTool<any, any>;

/**
 * Keeps a tool's input and target types while checking it against {@link WpTool}, and
 * gives it WordPress's G9/G10 checks as its `guard`.
 */
export function defineWpTool<S extends z.ZodType, Target = unknown>(
  tool: WpTool<S, Target>,
): WpTool<S, Target> {
  const defined: WpTool<S, Target> = {
    ...tool,
    guard: (ctx, input, target) => wordpressGuard(defined, ctx, input, target),
  };
  return defined;
}

/** Says whose words a result holds (R6): anything by another user or an outsider. */
export function byOthers(authors: Iterable<number | undefined>, userId: number): boolean {
  for (const author of authors) if (author !== userId) return true;
  return false;
}

/** Runs a check that throws input errors for refusals, as an `access()` result (G5). */
export async function accessFrom(check: () => Promise<unknown>): Promise<AccessResult> {
  try {
    await check();
    return { ok: true };
  } catch (error) {
    if (error instanceof InputError) return { ok: false, reason: error.message };
    throw error;
  }
}
