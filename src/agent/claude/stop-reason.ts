import type { StopReason } from '../../run/model-port';
import type { BlockSlot } from './block-slot';

const KNOWN: ReadonlySet<string> = new Set<StopReason>([
  'end_turn',
  'tool_use',
  'max_tokens',
  'stop_sequence',
  'refusal',
  'pause_turn',
]);

/**
 * The API's stop reason as the port's closed set. A full context window ends the turn the
 * way max_tokens does; a reason this version does not know is read from the content.
 */
export function toStopReason(reason: string | null, slots: BlockSlot[]): StopReason {
  if (reason !== null && KNOWN.has(reason)) return reason as StopReason;
  if (reason === 'model_context_window_exceeded') return 'max_tokens';
  return slots.some((slot) => slot.type === 'tool_use') ? 'tool_use' : 'end_turn';
}
