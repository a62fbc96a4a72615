import { describe, expect, it } from 'vitest';
import { block, turn } from '../../support/model-server';
import {
  API_KEY,
  closedPort,
  failure,
  modelFor,
  recorder,
  request,
  useModelServer,
} from './support';

const { server, consoleText } = useModelServer();

describe('ClaudeModel failures (R4, S3, S4, S5)', () => {
  it('401: says the key was refused and where to set it; the key is in no message or log', async () => {
    const wrongKey = 'gateway-key-without-known-prefix-0123456789';
    const error = await failure(
      modelFor(server(), { apiKey: wrongKey }).generate(request('hi'), () => {}),
    );
    expect(error.kind).toBe('auth');
    expect(error.code).toBe('model-auth');
    expect(error.message).toMatch(/refused the API key/);
    expect(error.message).toContain("Countersign's options");
    expect(error.message).not.toContain(wrongKey);
    expect(consoleText()).not.toContain(wrongKey);
    expect(consoleText()).not.toContain(API_KEY);
    expect(server().messageRequests).toHaveLength(1); // never retried
  });

  it('429 with retry-after: a retry event with the server wait, then the reply', async () => {
    server().setScript([turn.error(429, { retryAfter: 1 }), turn.text('Made it.')]);
    const waits: number[] = [];
    const model = modelFor(server(), { sleep: async (ms) => void waits.push(ms) });
    const { events, onEvent } = recorder();
    const reply = await model.generate(request('hi'), onEvent);
    expect(events[0]).toMatchObject({ type: 'retry', attempt: 1, waitMs: 1000 });
    expect(events[0]?.type === 'retry' && events[0].reason).toMatch(/rate limit/);
    expect(waits).toEqual([1000]);
    expect(reply.content).toEqual([{ type: 'text', text: 'Made it.' }]);
    server().assertDone();
  });

  it('waits for real between attempts (retry-after-ms)', async () => {
    server().setScript([turn.error(429, { retryAfterMs: 40 }), turn.text('ok')]);
    const started = Date.now();
    await modelFor(server()).generate(request('hi'), () => {});
    expect(Date.now() - started).toBeGreaterThanOrEqual(35);
    server().assertDone();
  });

  it('429 asking for longer than the policy allows fails at once with a rate-limit message', async () => {
    server().setScript([turn.error(429, { retryAfter: 600 })]);
    const error = await failure(modelFor(server()).generate(request('hi'), () => {}));
    expect(error.kind).toBe('rate-limit');
    expect(error.message).toMatch(/rate limit/);
    expect(server().messageRequests).toHaveLength(1);
  });

  it('529 until retries run out: overloaded, after one retry event per retry', async () => {
    server().setScript([529, 529, 529].map((status) => turn.error(status, { retryAfterMs: 1 })));
    const { events, onEvent } = recorder();
    const model = modelFor(server(), { retry: { maxRetries: 2, baseDelayMs: 1 } });
    const error = await failure(model.generate(request('hi'), onEvent));
    expect(error.kind).toBe('overloaded');
    expect(error.message).toMatch(/overloaded.*retried 2 time/s);
    expect(events.map((e) => e.type)).toEqual(['retry', 'retry']);
    server().assertDone();
  });

  it('retries an overload reported inside the stream before any content', async () => {
    server().setScript([turn.error(529, { inStream: true }), turn.text('Back.')]);
    const { events, onEvent } = recorder();
    const reply = await modelFor(server()).generate(request('hi'), onEvent);
    expect(events[0]).toMatchObject({ type: 'retry', attempt: 1 });
    expect(reply.content).toEqual([{ type: 'text', text: 'Back.' }]);
  });

  it('a stream cut mid tool_use: interrupted, the text kept, no tool_use, no retry', async () => {
    server().setScript([
      turn.cut(
        [
          block.text('Let me rename it.'),
          block.toolUse('posts_update', { id: 7, title: 'A long new title' }),
        ],
        {
          chunkSize: 4,
        },
      ),
    ]);
    const { events, onEvent } = recorder();
    const error = await failure(modelFor(server()).generate(request('Rename 7'), onEvent));
    expect(error.kind).toBe('interrupted');
    expect(error.partial).toEqual([{ type: 'text', text: 'Let me rename it.' }]);
    expect(error.message).toMatch(/nothing from the cut-off part was run/);
    expect(events.some((e) => e.type === 'tool-use-start')).toBe(true);
    expect(server().messageRequests).toHaveLength(1);
  });

  it('a stream cut mid text keeps what the person already saw', async () => {
    server().setScript([turn.cut([block.text('One two three four five six')], { chunkSize: 4 })]);
    const { events, onEvent } = recorder();
    const error = await failure(modelFor(server()).generate(request('count'), onEvent));
    const shown = events.flatMap((e) => (e.type === 'text-delta' ? [e.text] : [])).join('');
    expect(shown.length).toBeGreaterThan(0);
    expect(error.partial).toEqual([{ type: 'text', text: shown }]);
  });

  it('drops thinking without its signature from the partial turn', async () => {
    server().setScript([
      turn.cut([block.thinking('I am still thinking about it all', 'sig-never')], { chunkSize: 5 }),
    ]);
    const error = await failure(
      modelFor(server()).generate(request('hm', { thinking: true }), () => {}),
    );
    expect(error.partial).toEqual([]);
  });

  it('network failure: names the host to check, after retrying', async () => {
    const port = await closedPort();
    const { events, onEvent } = recorder();
    const model = modelFor(server(), {
      apiBaseUrl: `http://127.0.0.1:${port}`,
      retry: { maxRetries: 1, baseDelayMs: 1 },
    });
    const error = await failure(model.generate(request('hi'), onEvent));
    expect(error.kind).toBe('network');
    expect(error.message).toContain(`127.0.0.1:${port}`);
    expect(events.map((e) => e.type)).toEqual(['retry']);
  });

  it('a refused request (400) is not retried and says why', async () => {
    server().setScript([turn.error(400, { message: 'max_tokens: too large for this model' })]);
    const error = await failure(modelFor(server()).generate(request('hi'), () => {}));
    expect(error.kind).toBe('bad-request');
    expect(error.message).toContain('max_tokens: too large');
    expect(server().messageRequests).toHaveLength(1);
  });

  it('stopping mid-stream keeps the partial turn', async () => {
    server().setScript([
      turn.text('A slow answer that keeps coming for a while.', { chunkSize: 3, delayMs: 30 }),
    ]);
    const controller = new AbortController();
    const onEvent = () => controller.abort();
    const error = await failure(
      modelFor(server()).generate(request('slow'), onEvent, controller.signal),
    );
    expect(error.kind).toBe('interrupted');
    expect(error.partial[0]).toMatchObject({ type: 'text' });
  });
});
