import { logger } from '../../shared/log';
import type { AnyTool, ToolContext } from '../../tools/tool';
import { WriteCardDataSchema, type WriteCardData } from '../../tools/write-card';
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
 * P1-P3: a tool's preview of one call, run as the run's own user, from the read of the
 * gate pass that offers it (`pass`) when given. Null when the tool has no preview. A
 * preview that throws, returns no lines or returns something other than lines becomes a
 * failed line; the error's message goes to the log only. With a pass, C1 too: the tool's
 * card data from the same read (issue 35: the card is built once); card data that cannot be
 * built or does not validate is left out, and the card reads for itself. Without one (a call
 * waiting behind the card) there is no card data yet: its card reads when it is shown.
 */
export async function producePreview(
  ctx: ToolContext,
  tool: AnyTool,
  input: unknown,
  position: number,
  pass?: { target: unknown },
): Promise<StoredPreview | null> {
  if (!tool.preview) return null;
  let raw: unknown;
  try {
    raw = await tool.preview(ctx, input, pass?.target);
  } catch (error) {
    log.warn(`The preview of ${tool.name} failed.`, error);
    return failedPreview(position, tool.name, errorClass(error));
  }
  if (!Array.isArray(raw) || raw.some((line) => typeof line !== 'string')) {
    return failedPreview(position, tool.name, 'MalformedPreview');
  }
  const lines = boundLines(raw as string[]);
  if (lines.length === 0) return failedPreview(position, tool.name, 'EmptyPreview');
  // C1 only from a pass's read: a call waiting behind the card has none yet, and its card
  // (if it is ever shown) reads for itself rather than every waiting call reading twice.
  const card = pass ? await cardData(ctx, tool, input, pass.target) : undefined;
  return { position, tool: tool.name, lines, ...(card ? { card } : {}) };
}

async function cardData(
  ctx: ToolContext,
  tool: AnyTool,
  input: unknown,
  target: unknown,
): Promise<WriteCardData | undefined> {
  if (!tool.card) return undefined;
  try {
    const card = WriteCardDataSchema.safeParse(await tool.card(ctx, input, target));
    if (card.success) return card.data;
    log.warn(`The card data of ${tool.name} did not validate.`, card.error);
  } catch (error) {
    log.warn(`The card data of ${tool.name} could not be built.`, error);
  }
  return undefined;
}

/** The gate pass that offers a call: its position in the turn and what it read. */
export interface OfferingPass {
  position: number;
  target: unknown;
}

/**
 * P1: when the run suspends at `from`, previews every offered call of the turn from there
 * on (the pending call and those waiting behind it) and stores them with the state.
 * Calls whose input does not validate get none: they will be refused when reached. The
 * pass that suspended (`pass`) hands its read of the pending call's target over: that
 * call's preview and card are built from it, without another read.
 */
export async function previewOfferedCalls(
  run: RunContext,
  from: number,
  pass?: OfferingPass,
): Promise<void> {
  const turn = run.state.turn;
  if (!turn) return;
  const ctx = await run.toolContext();
  const kept = turn.previews.filter((preview) => preview.position < from);
  for (let index = from; index < turn.calls.length; index += 1) {
    const call = turn.calls[index];
    if (!call || call.status === 'done' || call.unsafeKey) continue;
    const valid = run.deps.registry.validate(call.tool, call.input);
    if (!valid.ok) continue;
    const own = pass?.position === index ? pass : undefined;
    const preview = await producePreview(ctx, valid.tool, valid.input, index, own);
    if (preview) kept.push(preview);
  }
  turn.previews = kept;
}
