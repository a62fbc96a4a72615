import type {
  RawContentBlockDeltaEvent,
  RawContentBlockStartEvent,
  RawMessageStreamEvent,
} from '@anthropic-ai/sdk/resources/messages';
import type { ModelEvent, ModelReply, StopReason, TranscriptBlock } from '../../run/model-port';
import { type BlockSlot, finishedBlock, partialBlock } from './block-slot';
import { toStopReason } from './stop-reason';
import { logger } from '../../shared/log';

const log = logger('claude');

type Usage = NonNullable<ModelReply['usage']>;

/**
 * Assembles a reply from the raw stream events and forwards the deltas the panel shows
 * (R2) as ModelEvents, in the order they arrive.
 */
export class ReplyBuilder {
  readonly #slots: BlockSlot[] = [];
  readonly #onEvent: (event: ModelEvent) => void;
  #stopReason: StopReason | null = null;
  #usage: Usage = { inputTokens: 0, outputTokens: 0 };
  #stopped = false;

  constructor(onEvent: (event: ModelEvent) => void) {
    this.#onEvent = onEvent;
  }

  /** Whether any content block has begun: after that a retry would repeat what was shown. */
  get started(): boolean {
    return this.#slots.length > 0;
  }

  /** Whether message_stop arrived. */
  get complete(): boolean {
    return this.#stopped;
  }

  /** Applies one stream event. */
  apply(event: RawMessageStreamEvent): void {
    switch (event.type) {
      case 'message_start':
        this.#addUsage(event.message.usage);
        break;
      case 'content_block_start':
        this.#start(event);
        break;
      case 'content_block_delta':
        this.#delta(event);
        break;
      case 'content_block_stop': {
        const slot = this.#slots[event.index];
        if (slot) slot.done = true;
        break;
      }
      case 'message_delta':
        this.#stopReason = toStopReason(event.delta.stop_reason, this.#slots);
        this.#addUsage(event.usage);
        break;
      case 'message_stop':
        this.#stopped = true;
        break;
    }
  }

  /** The finished reply; call once `complete` is true. */
  reply(): ModelReply {
    const content: TranscriptBlock[] = [];
    for (const slot of this.#slots) {
      const block = finishedBlock(slot);
      if (block) content.push(block);
      else if (slot.type === 'tool_use') {
        // Its input never became valid JSON (cut by max_tokens, say): nothing may run from it.
        log.warn(`dropped the ${slot.name} call: its input did not arrive whole`);
      }
    }
    return { content, stopReason: this.#stopReason ?? 'end_turn', usage: { ...this.#usage } };
  }

  /** What an interrupted turn keeps (see partialBlock). */
  partial(): TranscriptBlock[] {
    return this.#slots.map(partialBlock).filter((b): b is TranscriptBlock => b !== null);
  }

  #start({ index, content_block: block }: RawContentBlockStartEvent): void {
    if (block.type === 'text') this.#slots[index] = { type: 'text', text: block.text, done: false };
    else if (block.type === 'thinking') {
      const { thinking, signature } = block;
      this.#slots[index] = { type: 'thinking', thinking, signature, done: false };
    } else if (block.type === 'redacted_thinking') {
      this.#slots[index] = { type: 'redacted_thinking', data: block.data, done: false };
    } else if (block.type === 'tool_use') {
      this.#slots[index] = {
        type: 'tool_use',
        id: block.id,
        name: block.name,
        json: '',
        done: false,
      };
      this.#onEvent({ type: 'tool-use-start', id: block.id, name: block.name });
    } else this.#slots[index] = { type: 'ignored', kind: block.type, done: false };
  }

  #delta({ index, delta }: RawContentBlockDeltaEvent): void {
    const slot = this.#slots[index];
    if (delta.type === 'text_delta' && slot?.type === 'text') {
      slot.text += delta.text;
      this.#onEvent({ type: 'text-delta', text: delta.text });
    } else if (delta.type === 'thinking_delta' && slot?.type === 'thinking') {
      slot.thinking += delta.thinking;
      this.#onEvent({ type: 'thinking-delta', text: delta.thinking });
    } else if (delta.type === 'signature_delta' && slot?.type === 'thinking') {
      slot.signature = delta.signature;
    } else if (delta.type === 'input_json_delta' && slot?.type === 'tool_use') {
      slot.json += delta.partial_json;
    }
  }

  #addUsage(usage: {
    input_tokens?: number | null;
    output_tokens?: number | null;
    cache_read_input_tokens?: number | null;
    cache_creation_input_tokens?: number | null;
  }): void {
    const next = this.#usage;
    if (usage.input_tokens != null) next.inputTokens = usage.input_tokens;
    if (usage.output_tokens != null) next.outputTokens = usage.output_tokens;
    if (usage.cache_read_input_tokens != null) next.cacheReadTokens = usage.cache_read_input_tokens;
    if (usage.cache_creation_input_tokens != null) {
      next.cacheWriteTokens = usage.cache_creation_input_tokens;
    }
  }
}
