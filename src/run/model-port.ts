import { z } from 'zod';
import { CountersignError } from '../shared/errors';

/**
 * The boundary between the run loop and whichever model answers (R1). The run loop owns
 * the transcript and every tool execution; a model only turns a transcript into the next
 * assistant message. `src/agent/claude` implements this port with @anthropic-ai/sdk; tests
 * use a scripted port. The run loop never imports an SDK.
 */

export const TranscriptBlockSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text'), text: z.string() }),
  z.object({ type: z.literal('thinking'), thinking: z.string(), signature: z.string() }),
  z.object({ type: z.literal('redacted_thinking'), data: z.string() }),
  z.object({ type: z.literal('tool_use'), id: z.string(), name: z.string(), input: z.unknown() }),
  z.object({
    type: z.literal('tool_result'),
    tool_use_id: z.string(),
    content: z.string(),
    is_error: z.boolean().optional(),
  }),
]);
export type TranscriptBlock = z.infer<typeof TranscriptBlockSchema>;

export const TranscriptMessageSchema = z.object({
  role: z.enum(['user', 'assistant']),
  content: z.array(TranscriptBlockSchema),
});
export type TranscriptMessage = z.infer<typeof TranscriptMessageSchema>;

/** A tool as the model sees it: the registry's JSON Schema, converted once. */
export interface ModelToolDefinition {
  name: string;
  description: string;
  input_schema: Record<string, unknown>;
}

export interface ModelRequest {
  model: string;
  system: string;
  messages: TranscriptMessage[];
  tools: ModelToolDefinition[];
  /** Ask for extended thinking when the model supports it. */
  thinking: boolean;
  maxTokens: number;
}

/** Streamed while the reply is produced, for the panel (R2). */
export type ModelEvent =
  | { type: 'text-delta'; text: string }
  | { type: 'thinking-delta'; text: string }
  | { type: 'tool-use-start'; id: string; name: string }
  | { type: 'retry'; attempt: number; waitMs: number; reason: string };

export type StopReason =
  'end_turn' | 'tool_use' | 'max_tokens' | 'stop_sequence' | 'refusal' | 'pause_turn';

export interface ModelReply {
  content: TranscriptBlock[];
  stopReason: StopReason;
  usage?: {
    inputTokens: number;
    outputTokens: number;
    cacheReadTokens?: number;
    cacheWriteTokens?: number;
  };
}

export interface ModelPort {
  generate(
    request: ModelRequest,
    onEvent: (event: ModelEvent) => void,
    signal?: AbortSignal,
  ): Promise<ModelReply>;
}

export type ModelErrorKind =
  'auth' | 'rate-limit' | 'overloaded' | 'network' | 'interrupted' | 'bad-request' | 'server';

/**
 * A model call that failed after the port's own retries. `partial` holds what had streamed
 * before an interruption, with any incomplete tool_use removed: nothing executes from it.
 */
export class ModelError extends CountersignError {
  constructor(
    readonly kind: ModelErrorKind,
    message: string,
    readonly partial: TranscriptBlock[] = [],
    options?: { cause?: unknown },
  ) {
    super(`model-${kind}`, message, options);
  }
}
