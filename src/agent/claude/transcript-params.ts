import type { ContentBlockParam, MessageParam } from '@anthropic-ai/sdk/resources/messages';
import type { TranscriptBlock, TranscriptMessage } from '../../run/model-port';

/**
 * One transcript block as the API takes it. Each block is a fresh object, so marking a
 * cache breakpoint never touches the run loop's transcript. Thinking blocks keep their
 * text and signature exactly: the API checks the signature when they come back.
 */
export function toBlockParam(block: TranscriptBlock): ContentBlockParam {
  switch (block.type) {
    case 'text':
      return { type: 'text', text: block.text };
    case 'thinking':
      return { type: 'thinking', thinking: block.thinking, signature: block.signature };
    case 'redacted_thinking':
      return { type: 'redacted_thinking', data: block.data };
    case 'tool_use':
      return { type: 'tool_use', id: block.id, name: block.name, input: block.input };
    case 'tool_result':
      return {
        type: 'tool_result',
        tool_use_id: block.tool_use_id,
        content: block.content,
        ...(block.is_error === undefined ? {} : { is_error: block.is_error }),
      };
  }
}

/** The transcript as API messages, in order, with copied blocks. */
export function toMessageParams(messages: TranscriptMessage[]): MessageParam[] {
  return messages.map((message) => ({
    role: message.role,
    content: message.content.map(toBlockParam),
  }));
}
