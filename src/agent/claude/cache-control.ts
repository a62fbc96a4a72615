import type {
  MessageCreateParamsStreaming,
  MessageParam,
  TextBlockParam,
  Tool,
} from '@anthropic-ai/sdk/resources/messages';
import type { ModelToolDefinition } from '../../run/model-port';

/** The API allows at most four cache breakpoints per request. */
export const MAX_CACHE_BREAKPOINTS = 4;

const EPHEMERAL = { type: 'ephemeral' } as const;

/** Block types that may carry a breakpoint; thinking blocks may not. */
const CACHEABLE = new Set(['text', 'tool_use', 'tool_result', 'image', 'document']);

/**
 * Tool definitions for the request, with a breakpoint on the last one: tools come first in
 * the cached prefix and change only when the registry does.
 */
export function cachedTools(tools: ModelToolDefinition[]): Tool[] {
  return tools.map((tool, index) => ({
    name: tool.name,
    description: tool.description,
    input_schema: tool.input_schema as Tool.InputSchema,
    ...(index === tools.length - 1 ? { cache_control: EPHEMERAL } : {}),
  }));
}

/** The system prompt as one text block with a breakpoint: the end of the stable prefix. */
export function cachedSystem(system: string): TextBlockParam[] {
  return [{ type: 'text', text: system, cache_control: EPHEMERAL }];
}

/**
 * Puts a breakpoint on the last cacheable block of the last message, so the next request
 * of the thread reads the whole transcript so far from the cache. Mutates the given
 * messages, which must be the request's own copies.
 */
export function markTranscriptEnd(messages: MessageParam[]): void {
  const last = messages.at(-1);
  if (!last || typeof last.content === 'string') return;
  const block = [...last.content].reverse().find((candidate) => CACHEABLE.has(candidate.type));
  if (block) (block as { cache_control?: typeof EPHEMERAL }).cache_control = EPHEMERAL;
}

/** Counts the breakpoints a request carries (tools, system and message blocks). */
export function countBreakpoints(params: MessageCreateParamsStreaming): number {
  const marked = (item: unknown): number =>
    typeof item === 'object' && item !== null && 'cache_control' in item && item.cache_control
      ? 1
      : 0;
  const system = Array.isArray(params.system) ? params.system : [];
  const blocks = params.messages.flatMap((message) =>
    typeof message.content === 'string' ? [] : message.content,
  );
  return [...(params.tools ?? []), ...system, ...blocks].reduce(
    (sum, item) => sum + marked(item),
    0,
  );
}
