import Anthropic from '@anthropic-ai/sdk';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  apiKeyOf,
  block,
  startModelServer,
  turn,
  type ModelServer,
  type RecordedRequest,
} from '../support/model-server';

type MessageParam = Anthropic.Messages.MessageParam;

let server: ModelServer;

beforeAll(async () => {
  server = await startModelServer();
});

afterEach(() => {
  server.reset();
  server.setApiKey(null);
});

afterAll(async () => {
  await server.close();
});

function client(options: { maxRetries?: number; apiKey?: string } = {}): Anthropic {
  return new Anthropic({
    apiKey: options.apiKey ?? 'sk-test-key',
    baseURL: server.url,
    maxRetries: options.maxRetries ?? 0,
    timeout: 5_000,
  });
}

const MODEL = 'claude-sonnet-4-5';
const ask = (text: string): MessageParam[] => [{ role: 'user', content: text }];

function bodyOf(request: RecordedRequest | undefined): Record<string, unknown> {
  expect(request).toBeDefined();
  return request?.body as Record<string, unknown>;
}

describe('scripted model server with the real SDK', () => {
  it('streams text through messages.stream() and records the request', async () => {
    server.setScript([
      turn.text('Hello from the scripted model, in several pieces.', { chunkSize: 8 }),
    ]);
    const stream = client().messages.stream({
      model: MODEL,
      max_tokens: 256,
      system: 'You are Countersign.',
      messages: ask('Say hello'),
    });
    const deltas: string[] = [];
    stream.on('text', (delta) => deltas.push(delta));
    const message = await stream.finalMessage();

    expect(deltas.length).toBeGreaterThan(3);
    expect(deltas.join('')).toBe('Hello from the scripted model, in several pieces.');
    expect(message.content).toEqual([
      { type: 'text', text: 'Hello from the scripted model, in several pieces.', citations: null },
    ]);
    expect(message.stop_reason).toBe('end_turn');
    expect(message.model).toBe(MODEL);
    expect(message.role).toBe('assistant');

    expect(server.requests).toHaveLength(1);
    const [request] = server.requests;
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/v1/messages');
    // SDK 1.14 sends the key as a bearer token; apiKeyOf() reads either form.
    expect(request?.headers['authorization']).toBe('Bearer sk-test-key');
    expect(apiKeyOf(request as RecordedRequest)).toBe('sk-test-key');
    expect(request?.headers['anthropic-version']).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(request?.turn).toBe(0);
    expect(request?.outcome).toBe('reply');
    expect(bodyOf(request)).toMatchObject({
      model: MODEL,
      stream: true,
      system: 'You are Countersign.',
      messages: [{ role: 'user', content: 'Say hello' }],
    });
    const requestId = (await stream.withResponse()).request_id;
    expect(requestId).toMatch(/^req_/);
    server.assertDone();
  });

  it('keeps thinking and its signature in finalMessage, and reports cache usage', async () => {
    server.setScript([
      turn.reply(
        [
          block.thinking('The user wants a greeting. I will greet them warmly.', 'sig-abc123=='),
          block.text('Hi!'),
        ],
        {
          usage: {
            input_tokens: 1200,
            output_tokens: 42,
            cache_creation_input_tokens: 1000,
            cache_read_input_tokens: 150,
          },
        },
      ),
    ]);
    const stream = client().messages.stream({
      model: MODEL,
      max_tokens: 2048,
      thinking: { type: 'enabled', budget_tokens: 1024 },
      messages: ask('Hello'),
    });
    const thinkingDeltas: string[] = [];
    const signatures: string[] = [];
    stream.on('thinking', (delta) => thinkingDeltas.push(delta));
    stream.on('signature', (signature) => signatures.push(signature));
    const message = await stream.finalMessage();

    expect(thinkingDeltas.length).toBeGreaterThan(1);
    expect(signatures).toEqual(['sig-abc123==']);
    expect(message.content[0]).toEqual({
      type: 'thinking',
      thinking: 'The user wants a greeting. I will greet them warmly.',
      signature: 'sig-abc123==',
    });
    expect(message.content[1]).toMatchObject({ type: 'text', text: 'Hi!' });
    expect(message.usage).toMatchObject({
      input_tokens: 1200,
      output_tokens: 42,
      cache_creation_input_tokens: 1000,
      cache_read_input_tokens: 150,
    });
  });

  it('assembles tool_use input from several input_json_delta events (create({stream:true}))', async () => {
    const input = { path: '/wp-admin/post.php?post=42&action=edit', reason: 'open the draft' };
    server.setScript([
      turn.reply([block.text('Opening it.'), block.toolUse('admin_open', input, 'toolu_open_1')], {
        chunkSize: 10,
      }),
    ]);
    const raw = await client().messages.create({
      model: MODEL,
      max_tokens: 512,
      stream: true,
      messages: ask('Open post 42'),
    });
    const types: string[] = [];
    let json = '';
    let jsonDeltas = 0;
    let stopReason: string | null = null;
    for await (const event of raw) {
      types.push(event.type);
      if (event.type === 'content_block_delta' && event.delta.type === 'input_json_delta') {
        jsonDeltas++;
        json += event.delta.partial_json;
      }
      if (event.type === 'message_delta') stopReason = event.delta.stop_reason;
    }
    expect(types[0]).toBe('message_start');
    expect(types.at(-1)).toBe('message_stop');
    expect(types).toContain('content_block_start');
    expect(types).toContain('content_block_stop');
    expect(jsonDeltas).toBeGreaterThan(3);
    expect(JSON.parse(json)).toEqual(input);
    expect(stopReason).toBe('tool_use');

    // The same turn through the MessageStream helper yields a parsed input.
    server.setScript([
      turn.reply([block.toolUse('admin_open', input, 'toolu_open_2')], { chunkSize: 7 }),
    ]);
    const message = await client()
      .messages.stream({ model: MODEL, max_tokens: 512, messages: ask('Open post 42') })
      .finalMessage();
    expect(message.stop_reason).toBe('tool_use');
    expect(message.content).toEqual([
      {
        type: 'tool_use',
        id: 'toolu_open_2',
        name: 'admin_open',
        input,
        caller: { type: 'direct' },
      },
    ]);
  });

  it('plays a two-turn conversation; the second request carries tool_result and signed thinking', async () => {
    server.setScript([
      turn.reply(
        [
          block.thinking('I should look up the post first.', 'sig-turn-1'),
          block.toolUse('posts_get', { id: 42 }, 'toolu_get_42'),
        ],
        { label: 'ask for the post', match: { lastUserText: 'post 42', tools: ['posts_get'] } },
      ),
      turn.text('The post is titled "Hello world".', {
        label: 'answer',
        match: {
          toolResultFor: 'toolu_get_42',
          toolResultText: 'Hello world',
          thinkingSignature: 'sig-turn-1',
          messageCount: 3,
        },
      }),
    ]);
    const anthropic = client();
    const tools: Anthropic.Messages.Tool[] = [
      {
        name: 'posts_get',
        description: 'Read a post',
        input_schema: { type: 'object', properties: { id: { type: 'number' } } },
      },
    ];
    const messages: MessageParam[] = ask('What is the title of post 42?');
    const params = {
      model: MODEL,
      max_tokens: 2048,
      tools,
      thinking: { type: 'enabled' as const, budget_tokens: 1024 },
    };

    const first = await anthropic.messages.stream({ ...params, messages }).finalMessage();
    expect(first.stop_reason).toBe('tool_use');
    const toolUse = first.content.find((b) => b.type === 'tool_use');
    expect(toolUse).toMatchObject({ id: 'toolu_get_42', name: 'posts_get', input: { id: 42 } });

    messages.push({ role: 'assistant', content: first.content });
    messages.push({
      role: 'user',
      content: [
        {
          type: 'tool_result',
          tool_use_id: 'toolu_get_42',
          content: JSON.stringify({ title: 'Hello world' }),
        },
      ],
    });
    const second = await anthropic.messages.stream({ ...params, messages }).finalMessage();
    expect(second.content[0]).toMatchObject({
      type: 'text',
      text: 'The post is titled "Hello world".',
    });

    expect(server.failures).toEqual([]);
    expect(server.messageRequests).toHaveLength(2);
    const secondBody = bodyOf(server.requests[1]) as { messages: MessageParam[] };
    expect(secondBody.messages[1]).toMatchObject({
      role: 'assistant',
      content: [
        {
          type: 'thinking',
          thinking: 'I should look up the post first.',
          signature: 'sig-turn-1',
        },
        { type: 'tool_use', id: 'toolu_get_42', name: 'posts_get', input: { id: 42 } },
      ],
    });
    expect(secondBody.messages[2]).toMatchObject({
      role: 'user',
      content: [{ type: 'tool_result', tool_use_id: 'toolu_get_42' }],
    });
    server.assertDone();
  });

  it('answers a scripted 401 with the error body; the SDK throws AuthenticationError', async () => {
    server.setScript([turn.error(401, { message: 'invalid x-api-key' })]);
    const error = await client({ maxRetries: 2 })
      .messages.create({ model: MODEL, max_tokens: 10, messages: ask('hi') })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Anthropic.AuthenticationError);
    const apiError = error as InstanceType<typeof Anthropic.AuthenticationError>;
    expect(apiError.status).toBe(401);
    expect(apiError.type).toBe('authentication_error');
    expect(apiError.apiMessage).toBe('invalid x-api-key');
    expect(apiError.requestID).toMatch(/^req_/);
    expect(apiError.error).toMatchObject({
      type: 'error',
      error: { type: 'authentication_error', message: 'invalid x-api-key' },
    });
    expect(server.requests).toHaveLength(1); // 401 is not retried
  });

  it('retries a 429 after retry-after and succeeds on the next turn', async () => {
    server.setScript([turn.error(429, { retryAfter: 1 }), turn.text('Made it.')]);
    const started = Date.now();
    const message = await client({ maxRetries: 2 })
      .messages.stream({ model: MODEL, max_tokens: 10, messages: ask('hi') })
      .finalMessage();
    expect(message.content[0]).toMatchObject({ type: 'text', text: 'Made it.' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(server.requests).toHaveLength(2);
    expect(server.requests.map((r) => r.outcome)).toEqual(['error', 'reply']);
    expect(server.requests[1]?.headers['x-stainless-retry-count']).toBe('1');
    server.assertDone();
  });

  it('throws OverloadedError (InternalServerError, status 529) once retries are exhausted', async () => {
    server.setScript([
      turn.error(529, { retryAfterMs: 10 }),
      turn.error(529, { retryAfterMs: 10 }),
    ]);
    const error = await client({ maxRetries: 1 })
      .messages.create({ model: MODEL, max_tokens: 10, messages: ask('hi') })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Anthropic.InternalServerError);
    expect(error).toBeInstanceOf(Anthropic.OverloadedError);
    expect((error as InstanceType<typeof Anthropic.APIError>).status).toBe(529);
    expect((error as InstanceType<typeof Anthropic.APIError>).type).toBe('overloaded_error');
    expect(server.requests).toHaveLength(2);
  });

  it('surfaces an overloaded error sent inside the stream', async () => {
    server.setScript([turn.error(529, { inStream: true })]);
    const error = await client()
      .messages.stream({ model: MODEL, max_tokens: 10, messages: ask('hi') })
      .finalMessage()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Anthropic.APIError);
    expect((error as InstanceType<typeof Anthropic.APIError>).type).toBe('overloaded_error');
  });

  it('cuts a stream mid tool_use: the SDK errors and no complete tool_use comes out', async () => {
    server.setScript([
      turn.cut(
        [
          block.text('Let me change that.'),
          block.toolUse('posts_update', { id: 7, title: 'A new title that is fairly long' }),
        ],
        { chunkSize: 6 },
      ),
    ]);
    const stream = client({ maxRetries: 2 }).messages.stream({
      model: MODEL,
      max_tokens: 512,
      messages: ask('Rename post 7'),
    });
    const finished: Anthropic.Messages.ContentBlock[] = [];
    const jsonSnapshots: unknown[] = [];
    stream.on('contentBlock', (b) => finished.push(b));
    stream.on('inputJson', (_partial, snapshot) => jsonSnapshots.push(snapshot));
    stream.on('error', () => {});
    const error = await stream.finalMessage().catch((e: unknown) => e);

    // undici reports the dropped connection as "terminated"; the SDK wraps it in AnthropicError.
    expect(error).toBeInstanceOf(Anthropic.AnthropicError);
    expect((error as Error).message).toMatch(/terminated/);
    expect(finished.map((b) => b.type)).toEqual(['text']);
    expect(finished.some((b) => b.type === 'tool_use')).toBe(false);
    expect(jsonSnapshots.length).toBeGreaterThan(0);
    expect(jsonSnapshots.at(-1)).not.toEqual({ id: 7, title: 'A new title that is fairly long' });
    expect(server.requests).toHaveLength(1); // a broken stream is not retried by the SDK
    expect(server.requests[0]?.outcome).toBe('cut');
  });

  it('returns a proper Message from non-streaming create()', async () => {
    server.setScript([
      turn.reply(
        [
          block.thinking('Short.', 'sig-ns'),
          block.text('Done.'),
          block.toolUse('admin_open', { path: '/wp-admin/' }),
        ],
        { id: 'msg_fixed', stop_reason: 'max_tokens', usage: { output_tokens: 9 } },
      ),
    ]);
    const message = await client().messages.create({
      model: MODEL,
      max_tokens: 64,
      messages: ask('hi'),
    });
    expect(message).toMatchObject({
      id: 'msg_fixed',
      type: 'message',
      role: 'assistant',
      model: MODEL,
      stop_reason: 'max_tokens',
      stop_sequence: null,
      usage: { input_tokens: 100, output_tokens: 9 },
    });
    expect(message.content).toEqual([
      { type: 'thinking', thinking: 'Short.', signature: 'sig-ns' },
      { type: 'text', text: 'Done.', citations: null },
      {
        type: 'tool_use',
        id: 'toolu_0_2',
        name: 'admin_open',
        input: { path: '/wp-admin/' },
        caller: { type: 'direct' },
      },
    ]);
    expect(message._request_id).toMatch(/^req_/);
    expect(bodyOf(server.requests[0]).stream).toBeUndefined();
  });

  it('fails loudly when a request does not match the scripted turn', async () => {
    server.setScript([
      turn.text('never sent', {
        label: 'after the lookup',
        match: { toolResultFor: 'toolu_expected' },
      }),
    ]);
    const error = await client({ maxRetries: 2 })
      .messages.create({ model: MODEL, max_tokens: 10, messages: ask('hi') })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Anthropic.BadRequestError);
    const message = (error as Error).message;
    expect(message).toContain('does not match turn 0 (\\"after the lookup\\")');
    expect(message).toContain('tool_result for \\"toolu_expected\\"');
    expect(server.requests).toHaveLength(1); // x-should-retry: false
    expect(server.requests[0]?.outcome).toBe('mismatch');
    expect(server.position).toBe(0);
    expect(server.failures).toHaveLength(1);
    expect(server.failures[0]).toContain('does not match turn 0 ("after the lookup")');
    expect(() => server.assertDone()).toThrow(/does not match turn 0/);
  });

  it('supports match.fn for custom checks', async () => {
    server.setScript([
      turn.text('ok', {
        match: {
          fn: (req) =>
            (req.body as { max_tokens?: number }).max_tokens === 77 || 'max_tokens should be 77',
        },
      }),
    ]);
    const error = await client()
      .messages.create({ model: MODEL, max_tokens: 10, messages: ask('hi') })
      .catch((e: unknown) => e);
    expect((error as Error).message).toContain('max_tokens should be 77');
    const ok = await client().messages.create({
      model: MODEL,
      max_tokens: 77,
      messages: ask('hi'),
    });
    expect(ok.content[0]).toMatchObject({ text: 'ok' });
  });

  it('answers a clear 500 when the script runs out, without SDK retries', async () => {
    server.setScript([turn.text('only one')]);
    const anthropic = client({ maxRetries: 2 });
    await anthropic.messages.create({ model: MODEL, max_tokens: 10, messages: ask('1') });
    const error = await anthropic.messages
      .create({ model: MODEL, max_tokens: 10, messages: ask('2') })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Anthropic.InternalServerError);
    expect((error as InstanceType<typeof Anthropic.APIError>).status).toBe(500);
    expect((error as Error).message).toContain('script exhausted');
    expect(server.requests).toHaveLength(2);
    expect(server.failures[0]).toMatch(/script exhausted: request #2/);
  });

  it('waits delayMs between chunks', async () => {
    server.setScript([turn.text('slow text', { delayMs: 40, chunkSize: 3, pings: 2 })]);
    const started = Date.now();
    const message = await client()
      .messages.stream({ model: MODEL, max_tokens: 10, messages: ask('hi') })
      .finalMessage();
    expect(message.content[0]).toMatchObject({ text: 'slow text' });
    // message_start, 3 pings, start, 3 deltas, stop, message_delta, message_stop = 11 events.
    expect(Date.now() - started).toBeGreaterThanOrEqual(10 * 40 - 20);
  });

  it('lists models for a connection test, and enforces apiKey when configured', async () => {
    const page = await client().models.list();
    expect(page.data.map((m) => m.id)).toContain('claude-sonnet-4-5');
    expect(page.data[0]).toMatchObject({ type: 'model', display_name: expect.any(String) });

    server.setApiKey('sk-right');
    const error = await client({ apiKey: 'sk-wrong' })
      .models.list()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Anthropic.AuthenticationError);
    const ok = await client({ apiKey: 'sk-right' }).models.list();
    expect(ok.data.length).toBeGreaterThan(0);
    expect(server.requests.map((r) => r.outcome)).toEqual(['models', 'unauthorized', 'models']);
  });

  it('rejects an invalid script with a readable error', () => {
    expect(() =>
      server.setScript([{ kind: 'reply', content: [{ type: 'thinking', thinking: 'x' }] }]),
    ).toThrow(/invalid script[\s\S]*signature/);
    expect(() => server.setScript([{ kind: 'nope' }])).toThrow(/invalid script/);
    expect(() =>
      server.setScript([
        { kind: 'cut', content: [{ type: 'text', text: 'a' }], cutAt: { block: 3 } },
      ]),
    ).toThrow(/cutAt.block 3/);
  });

  it('can be driven over HTTP through the control endpoints', async () => {
    const post = (path: string, body: unknown) =>
      fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const loaded = await post('/__script', {
      turns: [{ kind: 'reply', content: [{ type: 'text', text: 'over http' }] }],
    });
    expect(loaded.status).toBe(200);
    expect(await loaded.json()).toMatchObject({ position: 0, total: 1, remaining: 1 });

    const bad = await post('/__script', [{ kind: 'reply' }]);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toContain('invalid script');

    const message = await client().messages.create({
      model: MODEL,
      max_tokens: 10,
      messages: ask('hi'),
    });
    expect(message.content[0]).toMatchObject({ text: 'over http' });

    const requests = (await (await fetch(`${server.url}/__requests`)).json()) as RecordedRequest[];
    expect(requests).toHaveLength(1);
    expect(apiKeyOf(requests[0] as RecordedRequest)).toBe('sk-test-key');

    expect((await post('/__reset', {})).status).toBe(200);
    expect(server.requests).toHaveLength(0);
    expect(server.remaining).toBe(0);
  });
});
