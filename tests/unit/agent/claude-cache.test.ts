import { describe, expect, it } from 'vitest';
import { turn } from '../../support/model-server';
import type { ModelToolDefinition, TranscriptMessage } from '../../../src/run/model-port';
import { bodyOf, modelFor, request, useModelServer } from './support';

const { server } = useModelServer();

const tool = (name: string): ModelToolDefinition => ({
  name,
  description: `The ${name} tool.`,
  input_schema: { type: 'object', properties: {} },
});
const TOOLS = [tool('posts_get'), tool('posts_search'), tool('posts_update')];
const EPHEMERAL = { type: 'ephemeral' };

/** Every cache_control in a request body, wherever it sits. */
function breakpoints(body: Record<string, unknown>): number {
  return (JSON.stringify(body).match(/"cache_control":\{/g) ?? []).length;
}

describe('prompt caching layout (R4)', () => {
  it('marks the last tool, the system prompt and the last transcript block, nothing else', async () => {
    server().setScript([turn.text('ok')]);
    const messages: TranscriptMessage[] = [
      { role: 'user', content: [{ type: 'text', text: 'first' }] },
      { role: 'assistant', content: [{ type: 'text', text: 'answer' }] },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'second' },
          { type: 'text', text: 'and more' },
        ],
      },
    ];
    await modelFor(server()).generate(request('', { messages, tools: TOOLS }), () => {});
    const body = bodyOf(server(), 0) as {
      tools: Array<Record<string, unknown>>;
      system: Array<Record<string, unknown>>;
      messages: Array<{ content: Array<Record<string, unknown>> }>;
    };
    expect(body.tools.map((t) => t.cache_control)).toEqual([undefined, undefined, EPHEMERAL]);
    expect(body.system).toEqual([
      { type: 'text', text: 'You are Countersign.', cache_control: EPHEMERAL },
    ]);
    expect(body.messages[2]?.content.map((b) => b.cache_control)).toEqual([undefined, EPHEMERAL]);
    expect(breakpoints(body)).toBe(3);
  });

  it('puts the transcript breakpoint on a tool_result, never on a thinking block, and stays within 4', async () => {
    server().setScript([turn.text('ok')]);
    const messages: TranscriptMessage[] = [
      { role: 'user', content: [{ type: 'text', text: 'read 1' }] },
      {
        role: 'assistant',
        content: [
          { type: 'thinking', thinking: 'hm', signature: 'sig' },
          { type: 'tool_use', id: 't1', name: 'posts_get', input: {} },
        ],
      },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: '{}' }] },
    ];
    await modelFor(server()).generate(
      request('', { messages, tools: TOOLS, thinking: true }),
      () => {},
    );
    const body = bodyOf(server(), 0) as {
      messages: Array<{ content: Array<Record<string, unknown>> }>;
    };
    expect(body.messages[1]?.content[0]).toEqual({
      type: 'thinking',
      thinking: 'hm',
      signature: 'sig',
    });
    expect(body.messages[2]?.content[0]?.cache_control).toEqual(EPHEMERAL);
    expect(breakpoints(body)).toBeLessThanOrEqual(4);
  });

  it('does not change the caller transcript when marking it', async () => {
    server().setScript([turn.text('ok')]);
    const req = request('hello', { tools: TOOLS });
    const before = JSON.stringify(req);
    await modelFor(server()).generate(req, () => {});
    expect(JSON.stringify(req)).toBe(before);
  });

  it('keeps the cached prefix (tools and system) byte-identical across a 10-turn thread', async () => {
    server().setScript(Array.from({ length: 10 }, (_, i) => turn.text(`answer ${i}`)));
    const model = modelFor(server());
    const messages: TranscriptMessage[] = [];
    for (let i = 0; i < 10; i++) {
      messages.push({ role: 'user', content: [{ type: 'text', text: `question ${i}` }] });
      const reply = await model.generate(
        request('', { messages: [...messages], tools: TOOLS }),
        () => {},
      );
      messages.push({ role: 'assistant', content: reply.content });
    }
    // The raw bytes up to "messages": model, max_tokens, stream, tools and system.
    const prefixes = server().messageRequests.map((sent) =>
      sent.rawBody.slice(0, sent.rawBody.indexOf('"messages"')),
    );
    expect(prefixes[0]).toContain('"system"');
    expect(new Set(prefixes).size).toBe(1);
    for (let i = 0; i < 10; i++) expect(breakpoints(bodyOf(server(), i))).toBe(3);
    server().assertDone();
  });
});
