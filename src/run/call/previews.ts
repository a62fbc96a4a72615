import { logger } from '../../shared/log';
import type { AnyTool, ToolContext } from '../../tools/tool';
import { errorClass } from '../model-texts';
import type { RunContext } from '../run-context';
import {
  PREVIEW_MAX_CHARS,
  PREVIEW_MAX_LINES,
  type StoredPreview,
} from '../state/run-state-schema';

const log = logger('run-preview');

/**
 * P2: at most 20 lines of at most 500 characters, whitespace collapsed. Empty lines are
 * left out; when there are more lines, the last kept line says how many were cut.
 */
export function boundLines(lines: readonly string[]): string[] {
  const clean = lines
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line !== '')
    .map((line) =>
      line.length > PREVIEW_MAX_CHARS ? `${line.slice(0, PREVIEW_MAX_CHARS - 1)}…` : line,
    );
  if (clean.length <= PREVIEW_MAX_LINES) return clean;
  const kept = clean.slice(0, PREVIEW_MAX_LINES - 1);
  return [...kept, `… and ${clean.length - kept.length} more lines`];
}

/** P3: the one line a failed preview becomes; only the error's class is kept. */
export function failedPreview(position: number, tool: string, cls: string): StoredPreview {
  return { position, tool, lines: [`Preview failed (${cls})`], failed: { errorClass: cls } };
}

/**
 * P1-P3: a tool's preview of one call, run as the run's own user. Null when the tool
 * has no preview. A preview that throws, returns no lines or returns something other
 * than lines becomes a failed line; the error's message goes to the log only.
 */
export async function producePreview(
  ctx: ToolContext,
  tool: AnyTool,
  input: unknown,
  position: number,
): Promise<StoredPreview | null> {
  if (!tool.preview) return null;
  let raw: unknown;
  try {
    raw = await tool.preview(ctx, input);
  } catch (error) {
    log.warn(`The preview of ${tool.name} failed.`, error);
    return failedPreview(position, tool.name, errorClass(error));
  }
  if (!Array.isArray(raw) || raw.some((line) => typeof line !== 'string')) {
    return failedPreview(position, tool.name, 'MalformedPreview');
  }
  const lines = boundLines(raw as string[]);
  if (lines.length === 0) return failedPreview(position, tool.name, 'EmptyPreview');
  return { position, tool: tool.name, lines };
}

/**
 * P1: when the run suspends at `from`, previews every offered call of the turn from there
 * on (the pending call and those waiting behind it) and stores them with the state.
 * Calls whose input does not validate get none: they will be refused when reached.
 */
export async function previewOfferedCalls(run: RunContext, from: number): Promise<void> {
  const turn = run.state.turn;
  if (!turn) return;
  const ctx = await run.toolContext();
  const kept = turn.previews.filter((preview) => preview.position < from);
  for (let index = from; index < turn.calls.length; index += 1) {
    const call = turn.calls[index];
    if (!call || call.status === 'done' || call.unsafeKey) continue;
    const valid = run.deps.registry.validate(call.tool, call.input);
    if (!valid.ok) continue;
    const preview = await producePreview(ctx, valid.tool, valid.input, index);
    if (preview) kept.push(preview);
  }
  turn.previews = kept;
}
