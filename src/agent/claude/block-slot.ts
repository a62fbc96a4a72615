import type { TranscriptBlock } from '../../run/model-port';

/**
 * One content block while it streams. `done` turns true at its content_block_stop; only
 * then is a tool_use input complete. Block types Countersign does not use (server tools)
 * stream into an `ignored` slot and never reach the transcript.
 */
export type BlockSlot =
  | { type: 'text'; text: string; done: boolean }
  | { type: 'thinking'; thinking: string; signature: string; done: boolean }
  | { type: 'redacted_thinking'; data: string; done: boolean }
  | { type: 'tool_use'; id: string; name: string; json: string; done: boolean }
  | { type: 'ignored'; kind: string; done: boolean };

/**
 * A tool_use input from its streamed JSON. An empty string is a call without arguments.
 * Text that does not parse is `undefined`: the block is then incomplete and is dropped.
 */
export function parseToolInput(json: string): unknown {
  if (json.trim() === '') return {};
  try {
    return JSON.parse(json) as unknown;
  } catch {
    return undefined;
  }
}

/** A finished slot as a transcript block, or null when it must not be kept. */
export function finishedBlock(slot: BlockSlot): TranscriptBlock | null {
  switch (slot.type) {
    case 'text':
      return { type: 'text', text: slot.text };
    case 'thinking':
      return { type: 'thinking', thinking: slot.thinking, signature: slot.signature };
    case 'redacted_thinking':
      return { type: 'redacted_thinking', data: slot.data };
    case 'tool_use': {
      const input = parseToolInput(slot.json);
      return input === undefined ? null : { type: 'tool_use', id: slot.id, name: slot.name, input };
    }
    case 'ignored':
      return null;
  }
}

/**
 * What an interrupted turn keeps: text that reached the person (even a text block cut in
 * the middle), thinking that finished with its signature (without one the API would
 * refuse it on the next request), and redacted thinking. No tool_use survives, complete
 * or not: an interrupted turn runs nothing, and a tool_use without its tool_result would
 * break the next request.
 */
export function partialBlock(slot: BlockSlot): TranscriptBlock | null {
  if (slot.type === 'text') return slot.text === '' ? null : { type: 'text', text: slot.text };
  if (slot.type === 'thinking')
    return slot.done && slot.signature !== '' ? finishedBlock(slot) : null;
  if (slot.type === 'redacted_thinking') return finishedBlock(slot);
  return null;
}
