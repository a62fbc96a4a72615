/**
 * Turns a scripted reply into what the Messages API sends: a `Message` (non-streaming) or the
 * SSE event sequence (streaming). Shapes are typed against @anthropic-ai/sdk so a drift in the
 * SDK's types shows up in `tsc`.
 */
import type Anthropic from '@anthropic-ai/sdk';
import type { CutTurn, ReplyTurn, ScriptBlock, ScriptErrorType } from './script';

type Message = Anthropic.Messages.Message;
type ContentBlock = Anthropic.Messages.ContentBlock;
type StreamEvent = Anthropic.Messages.RawMessageStreamEvent;
type Usage = Anthropic.Messages.Usage;

export type PingEvent = { type: 'ping' };
export type ErrorEvent = { type: 'error'; error: { type: ScriptErrorType; message: string } };
export type SseEvent = StreamEvent | PingEvent | ErrorEvent;

/** One SSE frame to send; `delta` marks content_block_delta frames (for cuts). */
export interface PlannedEvent {
  event: SseEvent;
  block?: number;
  delta?: boolean;
}

export interface ReplyContext {
  /** 0-based turn index, used for default tool ids. */
  turnIndex: number;
  /** Request sequence number, used for the default message id. */
  seq: number;
  /** The request's model. */
  requestModel: string;
}

export const DEFAULT_CHUNK_SIZE = 12;

export function encodeSse(event: SseEvent): string {
  return `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;
}

/** Splits `s` into pieces of at most `size` characters (code points); `''` gives `['']`. */
export function chunkString(s: string, size: number): string[] {
  const chars = Array.from(s);
  if (chars.length === 0) return [''];
  const out: string[] = [];
  for (let i = 0; i < chars.length; i += size) out.push(chars.slice(i, i + size).join(''));
  return out;
}

function estimateTokens(text: string): number {
  return Math.max(1, Math.ceil(text.length / 4));
}

/** The blocks as the API returns them (ids filled in). */
export function resolveContent(turn: ReplyTurn | CutTurn, ctx: ReplyContext): ContentBlock[] {
  return turn.content.map((b, i) => toContentBlock(b, i, ctx));
}

function toContentBlock(b: ScriptBlock, index: number, ctx: ReplyContext): ContentBlock {
  switch (b.type) {
    case 'text':
      return { type: 'text', text: b.text, citations: null };
    case 'thinking':
      return { type: 'thinking', thinking: b.thinking, signature: b.signature };
    case 'redacted_thinking':
      return { type: 'redacted_thinking', data: b.data };
    case 'tool_use':
      return {
        type: 'tool_use',
        id: b.id ?? `toolu_${ctx.turnIndex}_${index}`,
        name: b.name,
        input: b.input,
        caller: { type: 'direct' },
      };
  }
}

function stopReasonOf(turn: ReplyTurn | CutTurn): Anthropic.Messages.StopReason {
  if (turn.stop_reason) return turn.stop_reason;
  return turn.content.some((b) => b.type === 'tool_use') ? 'tool_use' : 'end_turn';
}

function usageOf(turn: ReplyTurn | CutTurn): Usage {
  const u = turn.usage ?? {};
  const outputText = turn.content
    .map((b) =>
      b.type === 'text'
        ? b.text
        : b.type === 'thinking'
          ? b.thinking
          : b.type === 'tool_use'
            ? JSON.stringify(b.input)
            : '',
    )
    .join('');
  const cacheCreation = u.cache_creation_input_tokens ?? 0;
  const thinkingText = turn.content.map((b) => (b.type === 'thinking' ? b.thinking : '')).join('');
  return {
    input_tokens: u.input_tokens ?? 100,
    output_tokens: u.output_tokens ?? estimateTokens(outputText),
    cache_creation_input_tokens: cacheCreation,
    cache_read_input_tokens: u.cache_read_input_tokens ?? 0,
    cache_creation: { ephemeral_5m_input_tokens: cacheCreation, ephemeral_1h_input_tokens: 0 },
    inference_geo: null,
    output_tokens_details: thinkingText ? { thinking_tokens: estimateTokens(thinkingText) } : null,
    server_tool_use: null,
    service_tier: 'standard',
    speed: null,
  };
}

/** The complete non-streaming response body. */
export function buildMessage(turn: ReplyTurn | CutTurn, ctx: ReplyContext): Message {
  return {
    id: turn.id ?? `msg_${ctx.seq}`,
    type: 'message',
    role: 'assistant',
    model: turn.model ?? ctx.requestModel,
    content: resolveContent(turn, ctx),
    stop_reason: stopReasonOf(turn),
    stop_sequence: turn.stop_sequence ?? null,
    stop_details: null,
    container: null,
    diagnostics: null,
    usage: usageOf(turn),
  };
}

/** The SSE events for a streaming response, in order, including pings. */
export function buildStreamEvents(turn: ReplyTurn | CutTurn, ctx: ReplyContext): PlannedEvent[] {
  const message = buildMessage(turn, ctx);
  const size = turn.chunkSize ?? DEFAULT_CHUNK_SIZE;
  const events: PlannedEvent[] = [];

  events.push({
    event: {
      type: 'message_start',
      message: {
        ...message,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { ...message.usage, output_tokens: 1, output_tokens_details: null },
      },
    },
  });
  for (let i = 0; i <= (turn.pings ?? 0); i++) events.push({ event: { type: 'ping' } });

  message.content.forEach((full, index) => {
    const start = (content_block: ContentBlock) =>
      events.push({ block: index, event: { type: 'content_block_start', index, content_block } });
    const delta = (d: Anthropic.Messages.RawContentBlockDelta) =>
      events.push({
        block: index,
        delta: true,
        event: { type: 'content_block_delta', index, delta: d },
      });

    switch (full.type) {
      case 'text':
        start({ ...full, text: '' });
        for (const text of chunkString(full.text, size)) delta({ type: 'text_delta', text });
        break;
      case 'thinking':
        start({ ...full, thinking: '', signature: '' });
        for (const thinking of chunkString(full.thinking, size)) {
          delta({ type: 'thinking_delta', thinking });
        }
        delta({ type: 'signature_delta', signature: full.signature });
        break;
      case 'redacted_thinking':
        start(full);
        break;
      case 'tool_use': {
        start({ ...full, input: {} });
        // The API opens with an empty partial_json, then sends the JSON in pieces.
        delta({ type: 'input_json_delta', partial_json: '' });
        for (const partial_json of chunkString(JSON.stringify(full.input), size)) {
          delta({ type: 'input_json_delta', partial_json });
        }
        break;
      }
      default:
        throw new Error(`model-server: cannot stream a ${full.type} block`);
    }
    events.push({ block: index, event: { type: 'content_block_stop', index } });
  });

  const u = message.usage;
  events.push({
    event: {
      type: 'message_delta',
      delta: {
        stop_reason: message.stop_reason,
        stop_sequence: message.stop_sequence,
        stop_details: null,
        container: null,
      },
      usage: {
        input_tokens: u.input_tokens,
        output_tokens: u.output_tokens,
        cache_creation_input_tokens: u.cache_creation_input_tokens,
        cache_read_input_tokens: u.cache_read_input_tokens,
        output_tokens_details: u.output_tokens_details,
        server_tool_use: null,
      },
    },
  });
  events.push({ event: { type: 'message_stop' } });
  return events;
}

/**
 * The prefix of `events` a cut turn sends before the socket is destroyed: everything up to and
 * including the `afterDeltas`-th delta of block `block` (or its content_block_start for 0).
 * Defaults: the last block, half its deltas (at least 1).
 */
export function cutEvents(events: PlannedEvent[], turn: CutTurn): PlannedEvent[] {
  const lastBlock = turn.content.length - 1;
  const block = turn.cutAt?.block ?? Math.max(0, lastBlock);
  if (lastBlock < 0) {
    // No content: die right after message_start and the pings.
    return events.filter((e) => e.event.type === 'message_start' || e.event.type === 'ping');
  }
  if (block > lastBlock) {
    throw new Error(`model-server: cutAt.block ${block} is past the last block (${lastBlock})`);
  }
  const total = events.filter((e) => e.block === block && e.delta).length;
  const afterDeltas = turn.cutAt?.afterDeltas ?? Math.max(1, Math.floor(total / 2));
  let seen = 0;
  for (let i = 0; i < events.length; i++) {
    const e = events[i] as PlannedEvent;
    if (e.block !== block) continue;
    if (e.event.type === 'content_block_start' && afterDeltas === 0) return events.slice(0, i + 1);
    if (e.delta && ++seen === afterDeltas) return events.slice(0, i + 1);
    if (e.event.type === 'content_block_stop') {
      throw new Error(
        `model-server: cutAt.afterDeltas ${afterDeltas} exceeds the ${seen} deltas of block ${block}`,
      );
    }
  }
  return events;
}
