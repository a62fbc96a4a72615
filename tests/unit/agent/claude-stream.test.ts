import { describe, expect, it } from 'vitest';
import { apiKeyOf, block, turn } from '../../support/model-server';
import type { ModelToolDefinition, TranscriptMessage } from '../../../src/run/model-port';
import { API_KEY, bodyOf, modelFor, recorder, request, useModelServer } from './support';

const { server, consoleText } = useModelServer();

const POSTS_GET: ModelToolDefinition = {
  name: 'posts_get',
  description: 'Read one post by id.',
  input_schema: { type: 'object', properties: { id: { type: 'number', description: 'post id' } } },
};

describe('ClaudeModel streaming through the real SDK (R4)', () => {
  it('streams text deltas in order and returns the text block', async () => {
    const text = 'Hello from the scripted model, in several small pieces.';
    server().setScript([turn.text(text, { chunkSize: 7 })]);
    const { events, onEvent } = recorder();
    const reply = await modelFor(server()).generate(request('Say hello'), onEvent);

    const deltas = events.filter((e) => e.type === 'text-delta');
    expect(deltas.length).toBeGreaterThan(5);
    expect(deltas.map((e) => e.text).join('')).toBe(text);
    expect(reply).toMatchObject({ content: [{ type: 'text', text }], stopReason: 'end_turn' });
    server().assertDone();
  });

  it('sends the selected model id and the API key, and logs neither the key nor its tail', async () => {
    server().setScript([turn.text('ok', { match: { model: 'claude-haiku-5-5' } })]);
    await modelFor(server()).generate(request('hi', { model: 'claude-haiku-5-5' }), () => {});
    const [sent] = server().messageRequests;
    expect(sent && apiKeyOf(sent)).toBe(API_KEY);
    expect(bodyOf(server(), 0)).toMatchObject({ model: 'claude-haiku-5-5', stream: true });
    expect(consoleText()).not.toContain(API_KEY.slice(-12));
    server().assertDone();
  });

  it('keeps thinking with its signature and sends it back unchanged on the next request', async () => {
    const thinking = 'The person wants post 42; read it first.';
    server().setScript([
      turn.reply([
        block.thinking(thinking, 'sig-Zx+/=='),
        block.toolUse('posts_get', { id: 42 }, 'toolu_42'),
      ]),
      turn.text('It is "Hello world".', {
        match: { thinkingSignature: 'sig-Zx+/==', toolResultFor: 'toolu_42' },
      }),
    ]);
    const model = modelFor(server());
    const { events, onEvent } = recorder();
    const first = await model.generate(
      request('Title of post 42?', { tools: [POSTS_GET], thinking: true }),
      onEvent,
    );

    expect(
      events
        .filter((e) => e.type === 'thinking-delta')
        .map((e) => e.text)
        .join(''),
    ).toBe(thinking);
    expect(first.content[0]).toEqual({ type: 'thinking', thinking, signature: 'sig-Zx+/==' });
    expect(first.stopReason).toBe('tool_use');

    const messages: TranscriptMessage[] = [
      { role: 'user', content: [{ type: 'text', text: 'Title of post 42?' }] },
      { role: 'assistant', content: first.content },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 'toolu_42', content: '{"title":"Hello world"}' },
        ],
      },
    ];
    await model.generate(request('', { messages, tools: [POSTS_GET], thinking: true }), () => {});
    const sentBack = (bodyOf(server(), 1).messages as TranscriptMessage[])[1]?.content[0];
    expect(sentBack).toEqual({ type: 'thinking', thinking, signature: 'sig-Zx+/==' });
    server().assertDone();
  });

  it('assembles tool_use input from input_json_delta pieces and announces the call', async () => {
    const input = { id: 42, fields: ['title', 'status'], note: 'a "quoted" value, long enough' };
    server().setScript([
      turn.reply([block.text('Reading it.'), block.toolUse('posts_get', input, 'toolu_a')], {
        chunkSize: 5,
      }),
    ]);
    const { events, onEvent } = recorder();
    const reply = await modelFor(server()).generate(
      request('Read 42', { tools: [POSTS_GET] }),
      onEvent,
    );

    expect(reply.content).toEqual([
      { type: 'text', text: 'Reading it.' },
      { type: 'tool_use', id: 'toolu_a', name: 'posts_get', input },
    ]);
    expect(events.at(-1)).toEqual({ type: 'tool-use-start', id: 'toolu_a', name: 'posts_get' });
    expect(bodyOf(server(), 0).tools).toMatchObject([
      { name: 'posts_get', input_schema: POSTS_GET.input_schema },
    ]);
  });

  it('keeps redacted thinking and reports usage, cache figures included', async () => {
    server().setScript([
      turn.reply([block.redactedThinking('opaque=='), block.text('Done.')], {
        usage: {
          input_tokens: 900,
          output_tokens: 12,
          cache_creation_input_tokens: 800,
          cache_read_input_tokens: 64,
        },
      }),
    ]);
    const reply = await modelFor(server()).generate(request('hi'), () => {});
    expect(reply.content[0]).toEqual({ type: 'redacted_thinking', data: 'opaque==' });
    expect(reply.usage).toEqual({
      inputTokens: 900,
      outputTokens: 12,
      cacheWriteTokens: 800,
      cacheReadTokens: 64,
    });
  });

  it('asks each kind of model for thinking the way it takes it', async () => {
    server().setScript([turn.text('a'), turn.text('b'), turn.text('c')]);
    const model = modelFor(server());
    await model.generate(request('x', { model: 'claude-opus-5-5', thinking: true }), () => {});
    await model.generate(
      request('x', { model: 'claude-haiku-4-5', thinking: true, maxTokens: 4000 }),
      () => {},
    );
    await model.generate(request('x', { model: 'claude-sonnet-5-5', thinking: false }), () => {});
    expect(bodyOf(server(), 0).thinking).toEqual({ type: 'adaptive', display: 'summarized' });
    expect(bodyOf(server(), 1)).toMatchObject({
      thinking: { type: 'enabled', budget_tokens: 2976 },
      max_tokens: 4000,
    });
    expect(bodyOf(server(), 2).thinking).toEqual({ type: 'disabled' });
    for (const index of [0, 1, 2]) expect(bodyOf(server(), index).temperature).toBeUndefined();
  });
});
