import type {
  ModelEvent,
  ModelPort,
  ModelReply,
  ModelRequest,
  TranscriptBlock,
} from '../../../../src/run/model-port';

/** One scripted answer: a reply, a function of the request, or an error to throw. */
export type ScriptEntry = ModelReply | ((request: ModelRequest) => ModelReply) | Error;

/**
 * A model that answers from a script, in order, and keeps every request it was sent.
 * It streams text and thinking of each reply as events, like a real port.
 */
export class ScriptedModel implements ModelPort {
  readonly requests: ModelRequest[] = [];
  /** When set, answers every request (a model asked the same twice answers the same). */
  respond: ((request: ModelRequest) => ModelReply) | null = null;

  constructor(readonly script: ScriptEntry[] = []) {}

  generate(request: ModelRequest, onEvent: (event: ModelEvent) => void): Promise<ModelReply> {
    this.requests.push(structuredClone(request));
    const next = this.respond ?? this.script.shift();
    if (next === undefined) return Promise.reject(new Error('The model script is exhausted.'));
    if (next instanceof Error) return Promise.reject(next);
    const reply = typeof next === 'function' ? next(request) : next;
    for (const block of reply.content) {
      if (block.type === 'text') onEvent({ type: 'text-delta', text: block.text });
      if (block.type === 'thinking') onEvent({ type: 'thinking-delta', text: block.thinking });
    }
    return Promise.resolve(reply);
  }
}

let useCounter = 0;

/** A tool_use block; ids are unique unless given. */
export function toolUse(
  name: string,
  input: unknown,
  id = `toolu_${++useCounter}`,
): TranscriptBlock {
  return { type: 'tool_use', id, name, input };
}

/** A text block. */
export function text(value: string): TranscriptBlock {
  return { type: 'text', text: value };
}

/** A thinking block (R4). */
export function thinking(value: string): TranscriptBlock {
  return { type: 'thinking', thinking: value, signature: 'sig' };
}

/** A reply: `tool_use` when it holds tool calls, `end_turn` otherwise. */
export function reply(...content: TranscriptBlock[]): ModelReply {
  const uses = content.some((block) => block.type === 'tool_use');
  return { content, stopReason: uses ? 'tool_use' : 'end_turn' };
}
