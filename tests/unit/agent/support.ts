import { createServer } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, expect, vi, type MockInstance } from 'vitest';
import { ClaudeModel, noKeepAlive, type ClaudeModelOptions } from '../../../src/agent/claude';
import {
  ModelError,
  type ModelEvent,
  type ModelRequest,
  type TranscriptMessage,
} from '../../../src/run/model-port';
import { startModelServer, type ModelServer } from '../../support/model-server';

/** A key shaped like a real one, so the logger's redaction patterns would see it too. */
export const API_KEY = 'sk-ant-api03-unit-test-secret-key-7f3a9c';
export const MODEL = 'claude-sonnet-5-5';

/** Starts one scripted server for the file and spies on every console method. */
export function useModelServer(): { server: () => ModelServer; consoleText: () => string } {
  let server: ModelServer | undefined;
  const spies: MockInstance[] = [];
  beforeAll(async () => {
    server = await startModelServer({ apiKey: API_KEY });
  });
  beforeEach(() => {
    for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
      spies.push(vi.spyOn(console, method).mockImplementation(() => {}));
    }
  });
  afterEach(() => {
    server?.reset();
    server?.setApiKey(API_KEY);
    for (const spy of spies.splice(0)) spy.mockRestore();
  });
  afterAll(async () => {
    await server?.close();
  });
  return {
    server: () => {
      if (!server) throw new Error('server not started');
      return server;
    },
    consoleText: () =>
      spies
        .flatMap((spy) => spy.mock.calls)
        .map((args) =>
          args
            .map((arg) =>
              typeof arg === 'string'
                ? arg
                : arg instanceof Error
                  ? `${arg.name}: ${arg.message} ${String(arg.cause)}`
                  : (JSON.stringify(arg ?? null) ?? String(arg)),
            )
            .join(' '),
        )
        .join('\n'),
  };
}

/** A ClaudeModel pointed at the scripted server, with fast retries and no keep-alive. */
export function modelFor(
  server: ModelServer,
  options: Partial<ClaudeModelOptions> = {},
): ClaudeModel {
  return new ClaudeModel({
    apiKey: API_KEY,
    apiBaseUrl: server.url,
    keepAlive: noKeepAlive,
    retry: { baseDelayMs: 5, maxDelayMs: 20 },
    timeoutMs: 5_000,
    ...options,
  });
}

/** A request with one user message and sensible defaults. */
export function request(text: string, overrides: Partial<ModelRequest> = {}): ModelRequest {
  const messages: TranscriptMessage[] = [{ role: 'user', content: [{ type: 'text', text }] }];
  return {
    model: MODEL,
    system: 'You are Countersign.',
    messages,
    tools: [],
    thinking: false,
    maxTokens: 1024,
    ...overrides,
  };
}

/** Collects the events a generate() call emits. */
export function recorder(): { events: ModelEvent[]; onEvent: (event: ModelEvent) => void } {
  const events: ModelEvent[] = [];
  return { events, onEvent: (event) => events.push(event) };
}

/** The JSON body of the n-th Messages request. */
export function bodyOf(server: ModelServer, index: number): Record<string, unknown> {
  const body = server.messageRequests[index]?.body;
  if (!body || typeof body !== 'object') throw new Error(`no request #${index}`);
  return body as Record<string, unknown>;
}

/** A loopback port with nothing listening on it. */
export async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** The ModelError a call failed with (the test fails when it succeeded or threw anything else). */
export async function failure(promise: Promise<unknown>): Promise<ModelError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ModelError);
  return error as ModelError;
}
