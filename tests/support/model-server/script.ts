/**
 * Script format for the scripted model server: an ordered list of turns, each answering exactly
 * one `POST /v1/messages` request. Turns are plain JSON (so they can be sent to `POST /__script`),
 * except `match.fn`, which only works in-process.
 */
import { z } from 'zod';

// ---------------------------------------------------------------------------------------------
// Recorded requests (also the argument of `match.fn`)

export interface RecordedRequest {
  /** 1-based, counts every API request (not control requests). */
  seq: number;
  method: string;
  /** Path without the query string, e.g. `/v1/messages`. */
  path: string;
  query: Record<string, string>;
  /** Lower-cased header names; repeated headers are joined with `, `. */
  headers: Record<string, string>;
  /** Parsed JSON body, or `undefined` when there was no body or it was not JSON. */
  body: unknown;
  rawBody: string;
  /** Epoch milliseconds when the request body was complete. */
  at: number;
  /** 0-based index of the scripted turn that answered, or null when no turn was used. */
  turn: number | null;
  outcome: RequestOutcome;
}

export type RequestOutcome =
  | 'reply'
  | 'error'
  | 'cut'
  | 'mismatch'
  | 'exhausted'
  | 'unauthorized'
  | 'invalid'
  | 'models'
  | 'count_tokens'
  | 'not_found';

/**
 * The credential a request carried: `x-api-key`, else the `Authorization: Bearer` token.
 * (@anthropic-ai/sdk 1.14 sends `apiKey` as `Authorization: Bearer <key>`, not `x-api-key`.)
 */
export function apiKeyOf(request: Pick<RecordedRequest, 'headers'>): string | undefined {
  const bearer = /^Bearer\s+(.+)$/i.exec(request.headers['authorization'] ?? '');
  return request.headers['x-api-key'] ?? bearer?.[1];
}

/** Return `false` or a string (the reason) to reject the request; anything else accepts it. */
export type MatchFn = (request: RecordedRequest) => boolean | string | void;

// ---------------------------------------------------------------------------------------------
// Schemas

export const TextBlockSchema = z.strictObject({ type: z.literal('text'), text: z.string() });

export const ThinkingBlockSchema = z.strictObject({
  type: z.literal('thinking'),
  thinking: z.string(),
  signature: z.string().min(1),
});

export const RedactedThinkingBlockSchema = z.strictObject({
  type: z.literal('redacted_thinking'),
  data: z.string().min(1),
});

export const ToolUseBlockSchema = z.strictObject({
  type: z.literal('tool_use'),
  /** Defaults to `toolu_<turn>_<block>` (0-based), e.g. `toolu_0_1`. */
  id: z.string().min(1).optional(),
  name: z.string().min(1),
  input: z.record(z.string(), z.unknown()),
});

export const ScriptBlockSchema = z.discriminatedUnion('type', [
  TextBlockSchema,
  ThinkingBlockSchema,
  RedactedThinkingBlockSchema,
  ToolUseBlockSchema,
]);

export const StopReasonSchema = z.enum([
  'end_turn',
  'max_tokens',
  'stop_sequence',
  'tool_use',
  'pause_turn',
  'refusal',
  'model_context_window_exceeded',
]);

export const UsageSchema = z.strictObject({
  input_tokens: z.number().int().nonnegative().optional(),
  output_tokens: z.number().int().nonnegative().optional(),
  cache_creation_input_tokens: z.number().int().nonnegative().optional(),
  cache_read_input_tokens: z.number().int().nonnegative().optional(),
});

export const ErrorTypeSchema = z.enum([
  'invalid_request_error',
  'authentication_error',
  'billing_error',
  'permission_error',
  'not_found_error',
  'rate_limit_error',
  'timeout_error',
  'api_error',
  'overloaded_error',
]);

const MatchFnSchema = z.custom<MatchFn>((v) => typeof v === 'function', {
  message: 'match.fn must be a function',
});

/** Every given field must hold for the request, otherwise the turn is not played. */
export const MatchSchema = z.strictObject({
  /** The last user message's text (string content or text blocks) contains this. */
  lastUserText: z.string().optional(),
  /** The last user message holds a tool_result block with this tool_use_id. */
  toolResultFor: z.string().optional(),
  /** A tool_result in the last user message (the one for `toolResultFor`, if given) contains this text. */
  toolResultText: z.string().optional(),
  /** The tool_result (for `toolResultFor`, if given) has this is_error value (absent counts as false). */
  toolResultIsError: z.boolean().optional(),
  /** Some assistant message in the history holds a thinking block with exactly this signature. */
  thinkingSignature: z.string().optional(),
  /** The system prompt (string or text blocks) contains this. */
  system: z.string().optional(),
  /** The request's `model` equals this. */
  model: z.string().optional(),
  /** The request was (true) or was not (false) streaming. */
  stream: z.boolean().optional(),
  /** The request offers tools with all these names. */
  tools: z.array(z.string()).optional(),
  /** `messages.length` equals this. */
  messageCount: z.number().int().nonnegative().optional(),
  /** In-process only: custom check. */
  fn: MatchFnSchema.optional(),
});

const common = {
  /** Shown in failure messages. */
  label: z.string().optional(),
  match: MatchSchema.optional(),
  /** Milliseconds to wait before each SSE event after the first (streaming) or before replying. */
  delayMs: z.number().int().nonnegative().optional(),
};

const replyFields = {
  ...common,
  content: z.array(ScriptBlockSchema),
  /** Default: `tool_use` when the content holds a tool_use block, else `end_turn`. */
  stop_reason: StopReasonSchema.optional(),
  stop_sequence: z.string().nullable().optional(),
  usage: UsageSchema.optional(),
  /** Default: the request's model. */
  model: z.string().optional(),
  /** Message id. Default: `msg_<seq>` of the request. */
  id: z.string().optional(),
  /** Characters per text/thinking/input_json delta. Default 12. */
  chunkSize: z.number().int().positive().optional(),
  /** Extra `ping` events sent after the first one (each preceded by `delayMs`). Default 0. */
  pings: z.number().int().nonnegative().optional(),
};

export const ReplyTurnSchema = z.strictObject({ kind: z.literal('reply'), ...replyFields });

export const ErrorTurnSchema = z.strictObject({
  kind: z.literal('error'),
  ...common,
  status: z.number().int().min(400).max(599),
  /** Default from status: 400 invalid_request_error, 401 authentication_error, 429 rate_limit_error, 529 overloaded_error, 5xx api_error… */
  type: ErrorTypeSchema.optional(),
  message: z.string().optional(),
  /** `retry-after` header, in seconds (the SDK waits this long; 0 makes it use its own backoff). */
  retryAfter: z.number().nonnegative().optional(),
  /** `retry-after-ms` header (honoured by the SDK, handy to keep tests fast). */
  retryAfterMs: z.number().nonnegative().optional(),
  /** `x-should-retry` header: the SDK obeys it over its status-based policy. */
  shouldRetry: z.boolean().optional(),
  headers: z.record(z.string(), z.string()).optional(),
  /**
   * For streaming requests: answer 200, send message_start + ping, then an SSE `error` event
   * (as the API does when it overloads mid-stream). Non-streaming requests get the plain HTTP error.
   */
  inStream: z.boolean().optional(),
});

export const CutTurnSchema = z.strictObject({
  kind: z.literal('cut'),
  ...replyFields,
  /**
   * Where the stream dies: after `afterDeltas` deltas of block `block` (defaults: the last block,
   * half its deltas, at least 1; a tool_use block's first delta is the empty `partial_json: ""`).
   * `afterDeltas: 0` cuts right after that block's content_block_start. The socket is destroyed;
   * no content_block_stop / message_delta / message_stop is sent. A non-streaming request
   * answered by a cut turn gets its socket destroyed without any response (the SDK sees a
   * connection error and, with maxRetries > 0, retries: that retry plays the next turn).
   */
  cutAt: z
    .strictObject({
      block: z.number().int().nonnegative().optional(),
      afterDeltas: z.number().int().nonnegative().optional(),
    })
    .optional(),
});

export const ScriptTurnSchema = z.discriminatedUnion('kind', [
  ReplyTurnSchema,
  ErrorTurnSchema,
  CutTurnSchema,
]);

export const ScriptSchema = z.array(ScriptTurnSchema);

export type ScriptBlock = z.infer<typeof ScriptBlockSchema>;
export type ReplyTurn = z.infer<typeof ReplyTurnSchema>;
export type ErrorTurn = z.infer<typeof ErrorTurnSchema>;
export type CutTurn = z.infer<typeof CutTurnSchema>;
export type ScriptTurn = z.infer<typeof ScriptTurnSchema>;
export type Match = z.infer<typeof MatchSchema>;
export type ScriptUsage = z.infer<typeof UsageSchema>;
export type ScriptErrorType = z.infer<typeof ErrorTypeSchema>;

/** Validates a script; throws an Error listing every problem. */
export function parseScript(turns: unknown): ScriptTurn[] {
  const result = ScriptSchema.safeParse(turns);
  if (!result.success) {
    throw new Error(`model-server: invalid script:\n${z.prettifyError(result.error)}`);
  }
  return result.data;
}

// ---------------------------------------------------------------------------------------------
// Builders (optional sugar; a plain object literal works just as well)

type ReplyOptions = Omit<ReplyTurn, 'kind' | 'content'>;
type ErrorOptions = Omit<ErrorTurn, 'kind' | 'status'>;
type CutOptions = Omit<CutTurn, 'kind' | 'content'>;

export const block = {
  text: (text: string): ScriptBlock => ({ type: 'text', text }),
  thinking: (thinking: string, signature: string): ScriptBlock => ({
    type: 'thinking',
    thinking,
    signature,
  }),
  redactedThinking: (data: string): ScriptBlock => ({ type: 'redacted_thinking', data }),
  toolUse: (name: string, input: Record<string, unknown>, id?: string): ScriptBlock =>
    id === undefined ? { type: 'tool_use', name, input } : { type: 'tool_use', id, name, input },
};

export const turn = {
  reply: (content: ScriptBlock[], options: ReplyOptions = {}): ReplyTurn => ({
    kind: 'reply',
    ...options,
    content,
  }),
  /** A reply made of one text block. */
  text: (text: string, options: ReplyOptions = {}): ReplyTurn => ({
    kind: 'reply',
    ...options,
    content: [block.text(text)],
  }),
  error: (status: number, options: ErrorOptions = {}): ErrorTurn => ({
    kind: 'error',
    ...options,
    status,
  }),
  cut: (content: ScriptBlock[], options: CutOptions = {}): CutTurn => ({
    kind: 'cut',
    ...options,
    content,
  }),
};

// ---------------------------------------------------------------------------------------------
// Matching

type Json = Record<string, unknown>;

function isObject(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function blocksOf(content: unknown): Json[] {
  if (typeof content === 'string') return [{ type: 'text', text: content }];
  return Array.isArray(content) ? content.filter(isObject) : [];
}

function textOf(content: unknown): string {
  return blocksOf(content)
    .filter((b) => b.type === 'text' && typeof b.text === 'string')
    .map((b) => b.text as string)
    .join('\n');
}

function messagesOf(body: unknown): Json[] {
  return isObject(body) && Array.isArray(body.messages) ? body.messages.filter(isObject) : [];
}

function clip(s: string, max = 200): string {
  return s.length > max ? `${s.slice(0, max)}…` : s;
}

/** Returns the reasons why `request` does not satisfy `match` (empty when it does). */
export function checkMatch(match: Match | undefined, request: RecordedRequest): string[] {
  if (!match) return [];
  const reasons: string[] = [];
  const body = request.body;
  const messages = messagesOf(body);
  const lastUser = [...messages].reverse().find((m) => m.role === 'user');
  const lastUserBlocks = blocksOf(lastUser?.content);

  if (match.lastUserText !== undefined) {
    const text = textOf(lastUser?.content);
    if (!text.includes(match.lastUserText)) {
      reasons.push(
        `expected the last user message to contain ${JSON.stringify(match.lastUserText)}; its text is ${JSON.stringify(clip(text))}`,
      );
    }
  }

  if (
    match.toolResultFor !== undefined ||
    match.toolResultText !== undefined ||
    match.toolResultIsError !== undefined
  ) {
    const results = lastUserBlocks.filter((b) => b.type === 'tool_result');
    const ids = results.map((b) => String(b.tool_use_id));
    const candidates =
      match.toolResultFor === undefined
        ? results
        : results.filter((b) => b.tool_use_id === match.toolResultFor);
    if (match.toolResultFor !== undefined && candidates.length === 0) {
      reasons.push(
        `expected the last user message to hold a tool_result for ${JSON.stringify(match.toolResultFor)}; it holds tool_results for ${ids.length ? JSON.stringify(ids) : 'none'}`,
      );
    } else if (candidates.length === 0) {
      reasons.push('expected the last user message to hold a tool_result; it holds none');
    } else {
      if (match.toolResultText !== undefined) {
        const texts = candidates.map((b) =>
          typeof b.content === 'string' ? b.content : textOf(b.content),
        );
        if (!texts.some((t) => t.includes(match.toolResultText as string))) {
          reasons.push(
            `expected a tool_result${match.toolResultFor ? ` for ${JSON.stringify(match.toolResultFor)}` : ''} to contain ${JSON.stringify(match.toolResultText)}; got ${JSON.stringify(texts.map((t) => clip(t)))}`,
          );
        }
      }
      if (match.toolResultIsError !== undefined) {
        const flags = candidates.map((b) => b.is_error === true);
        if (!flags.includes(match.toolResultIsError)) {
          reasons.push(
            `expected a tool_result${match.toolResultFor ? ` for ${JSON.stringify(match.toolResultFor)}` : ''} with is_error=${match.toolResultIsError}; got ${JSON.stringify(flags)}`,
          );
        }
      }
    }
  }

  if (match.thinkingSignature !== undefined) {
    const signatures = messages
      .filter((m) => m.role === 'assistant')
      .flatMap((m) => blocksOf(m.content))
      .filter((b) => b.type === 'thinking')
      .map((b) => String(b.signature));
    if (!signatures.includes(match.thinkingSignature)) {
      reasons.push(
        `expected an assistant thinking block with signature ${JSON.stringify(match.thinkingSignature)}; found signatures ${JSON.stringify(signatures)}`,
      );
    }
  }

  const b = isObject(body) ? body : {};

  if (match.system !== undefined) {
    const system = textOf(b.system);
    if (!system.includes(match.system)) {
      reasons.push(
        `expected the system prompt to contain ${JSON.stringify(match.system)}; it is ${JSON.stringify(clip(system))}`,
      );
    }
  }

  if (match.model !== undefined && b.model !== match.model) {
    reasons.push(`expected model ${JSON.stringify(match.model)}; got ${JSON.stringify(b.model)}`);
  }

  if (match.stream !== undefined && (b.stream === true) !== match.stream) {
    reasons.push(
      `expected a ${match.stream ? 'streaming' : 'non-streaming'} request; got ${b.stream === true ? 'streaming' : 'non-streaming'}`,
    );
  }

  if (match.tools !== undefined) {
    const names = Array.isArray(b.tools) ? b.tools.filter(isObject).map((t) => String(t.name)) : [];
    const missing = match.tools.filter((n) => !names.includes(n));
    if (missing.length) {
      reasons.push(
        `expected tools ${JSON.stringify(missing)} to be offered; offered ${JSON.stringify(names)}`,
      );
    }
  }

  if (match.messageCount !== undefined && messages.length !== match.messageCount) {
    reasons.push(`expected ${match.messageCount} messages; got ${messages.length}`);
  }

  if (match.fn) {
    let verdict: boolean | string | void;
    try {
      verdict = match.fn(request);
    } catch (err) {
      verdict = `match.fn threw: ${err instanceof Error ? err.message : String(err)}`;
    }
    if (verdict === false) reasons.push('match.fn returned false');
    else if (typeof verdict === 'string') reasons.push(verdict);
  }

  return reasons;
}
