import type { MessageCreateParamsStreaming } from '@anthropic-ai/sdk/resources/messages';
import type { ModelRequest } from '../../run/model-port';
import { CountersignError } from '../../shared/errors';
import {
  MAX_CACHE_BREAKPOINTS,
  cachedSystem,
  cachedTools,
  countBreakpoints,
  markTranscriptEnd,
} from './cache-control';
import { thinkingParams } from './thinking-params';
import { toMessageParams } from './transcript-params';

/**
 * The Messages API request for one model turn (R4): streaming, the registry's tools, the
 * system prompt, the transcript, thinking as the model takes it, and prompt caching with
 * breakpoints on the last tool, on the system prompt and on the end of the transcript.
 * The prefix (tools, then system) is built only from the request, so it is byte-identical
 * from one turn of a thread to the next as long as tools and system prompt are.
 */
export function buildParams(request: ModelRequest): MessageCreateParamsStreaming {
  const messages = toMessageParams(request.messages);
  markTranscriptEnd(messages);
  const { thinking, maxTokens } = thinkingParams(
    request.model,
    request.thinking,
    request.maxTokens,
  );
  const params: MessageCreateParamsStreaming = {
    model: request.model,
    max_tokens: maxTokens,
    stream: true,
    ...(request.tools.length > 0 ? { tools: cachedTools(request.tools) } : {}),
    ...(request.system.trim() !== '' ? { system: cachedSystem(request.system) } : {}),
    ...(thinking ? { thinking } : {}),
    messages,
  };
  const breakpoints = countBreakpoints(params);
  if (breakpoints > MAX_CACHE_BREAKPOINTS) {
    // Only a bug here can get this far; the API would refuse the request anyway.
    throw new CountersignError(
      'cache-breakpoints',
      `The request carries ${breakpoints} cache breakpoints; the API allows ${MAX_CACHE_BREAKPOINTS}.`,
    );
  }
  return params;
}
