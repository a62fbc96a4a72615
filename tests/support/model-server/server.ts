/**
 * A scripted stand-in for the Anthropic Messages API, for tests: the real @anthropic-ai/sdk is
 * pointed at it through `baseURL` and every `POST /v1/messages` is answered by the next scripted
 * turn. See docs/model-server.md.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import {
  apiKeyOf,
  checkMatch,
  parseScript,
  type CutTurn,
  type ErrorTurn,
  type RecordedRequest,
  type RequestOutcome,
  type ReplyTurn,
  type ScriptErrorType,
  type ScriptTurn,
} from './script';
import {
  buildMessage,
  buildStreamEvents,
  cutEvents,
  encodeSse,
  type PlannedEvent,
  type ReplyContext,
} from './sse';

export interface ModelServerOptions {
  /** Default 0 (a free port). */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Initial script. */
  script?: unknown[];
  /**
   * When set, API requests must carry this key (`x-api-key`, or `authorization: Bearer`), else
   * they get a 401 authentication_error without consuming a turn.
   */
  apiKey?: string | null;
  /** Ids served by `GET /v1/models`. */
  models?: string[];
  /** Serve the `/__script`, `/__append`, `/__requests`, `/__state`, `/__reset` endpoints. Default true. */
  control?: boolean;
  /** Log each request to stderr. */
  verbose?: boolean;
}

export interface ModelServerState {
  url: string;
  position: number;
  total: number;
  remaining: number;
  failures: string[];
  requests: number;
}

/** Answers one API request with a turn (plain JSON or the `turn.*` builders). */
export type Responder = (request: RecordedRequest) => unknown;

export const DEFAULT_MODELS = ['claude-sonnet-4-5', 'claude-opus-4-1', 'claude-haiku-4-5'];

const DEFAULT_ERRORS: Record<number, [ScriptErrorType, string]> = {
  400: ['invalid_request_error', 'Invalid request'],
  401: ['authentication_error', 'invalid x-api-key'],
  402: ['billing_error', 'Your credit balance is too low to access the Anthropic API.'],
  403: ['permission_error', 'Your API key does not have permission to use the specified resource.'],
  404: ['not_found_error', 'The requested resource could not be found.'],
  408: ['timeout_error', 'Request timed out'],
  429: ['rate_limit_error', 'Number of requests has exceeded your rate limit.'],
  500: ['api_error', 'Internal server error'],
  504: ['timeout_error', 'Request timed out'],
  529: ['overloaded_error', 'Overloaded'],
};

function defaultError(status: number): [ScriptErrorType, string] {
  return (
    DEFAULT_ERRORS[status] ??
    (status >= 500 ? ['api_error', 'Internal server error'] : ['invalid_request_error', 'Error'])
  );
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function randomId(prefix: string): string {
  return `${prefix}_${Math.random().toString(36).slice(2, 12)}${Date.now().toString(36)}`;
}

function flatHeaders(req: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function describeTurn(index: number, turn: ScriptTurn): string {
  return `turn ${index}${turn.label ? ` (${JSON.stringify(turn.label)})` : ''} [${turn.kind}]`;
}

const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'request-id, retry-after, retry-after-ms, x-should-retry',
};

export class ModelServer {
  /** Every API request (not control requests), in arrival order. */
  readonly requests: RecordedRequest[] = [];
  /** Script problems: mismatches, exhaustion. Empty in a passing test. */
  readonly failures: string[] = [];

  #server: Server;
  #sockets = new Set<Socket>();
  #script: ScriptTurn[] = [];
  #position = 0;
  #seq = 0;
  #apiKey: string | null;
  #models: string[];
  #control: boolean;
  #verbose: boolean;
  #closed = false;
  #waiters: Array<() => void> = [];
  #responder: Responder | null = null;

  private constructor(options: ModelServerOptions) {
    this.#apiKey = options.apiKey ?? null;
    this.#models = options.models ?? DEFAULT_MODELS;
    this.#control = options.control ?? true;
    this.#verbose = options.verbose ?? false;
    if (options.script) this.setScript(options.script);
    this.#server = createServer((req, res) => {
      this.#handle(req, res).catch((err: unknown) => {
        const message = err instanceof Error ? err.message : String(err);
        this.failures.push(`model-server: internal error: ${message}`);
        if (!res.headersSent) this.#sendError(res, 500, 'api_error', message);
        else res.destroy();
      });
    });
    this.#server.on('connection', (socket) => {
      this.#sockets.add(socket);
      socket.on('close', () => this.#sockets.delete(socket));
    });
  }

  /** Starts a server and resolves once it listens. */
  static async start(options: ModelServerOptions = {}): Promise<ModelServer> {
    const server = new ModelServer(options);
    await new Promise<void>((resolve, reject) => {
      server.#server.once('error', reject);
      server.#server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
        server.#server.off('error', reject);
        resolve();
      });
    });
    return server;
  }

  get port(): number {
    return (this.#server.address() as AddressInfo).port;
  }

  get host(): string {
    return (this.#server.address() as AddressInfo).address;
  }

  /** The `baseURL` to give the SDK, e.g. `http://127.0.0.1:41234` (no trailing slash, no /v1). */
  get url(): string {
    return `http://${this.host}:${this.port}`;
  }

  /** Index of the next turn to play. */
  get position(): number {
    return this.#position;
  }

  get remaining(): number {
    return this.#script.length - this.#position;
  }

  /** Recorded `POST /v1/messages` requests only. */
  get messageRequests(): RecordedRequest[] {
    return this.requests.filter((r) => r.method === 'POST' && r.path === '/v1/messages');
  }

  /** Replaces the script (validated) and rewinds to its first turn. Keeps recorded requests. */
  setScript(turns: unknown[]): void {
    this.#script = this.#validate(turns);
    this.#position = 0;
  }

  /**
   * Answers every `POST /v1/messages` with `responder(request)` (one turn, validated)
   * instead of the script; null goes back to the script. For long runs whose order is not
   * known beforehand (the soak): a request asked again after a worker restart gets the same
   * answer. A responder that returns undefined records a failure and answers a 500.
   */
  setResponder(responder: Responder | null): void {
    this.#responder = responder;
  }

  /** Appends turns (validated) after the current script. */
  append(...turns: unknown[]): void {
    this.#script.push(...this.#validate(turns));
  }

  /** Changes (or, with null, drops) the API key requirement. */
  setApiKey(apiKey: string | null): void {
    this.#apiKey = apiKey;
  }

  /** Forgets the script, recorded requests and failures. */
  reset(): void {
    this.#script = [];
    this.#position = 0;
    this.#seq = 0;
    this.requests.length = 0;
    this.failures.length = 0;
  }

  state(): ModelServerState {
    return {
      url: this.url,
      position: this.#position,
      total: this.#script.length,
      remaining: this.remaining,
      failures: [...this.failures],
      requests: this.requests.length,
    };
  }

  /** Throws when a request failed to match, the script ran out, or turns were left unplayed. */
  assertDone(): void {
    const problems = [...this.failures];
    if (this.remaining > 0) {
      problems.push(
        `model-server: ${this.remaining} scripted turn(s) were never requested, starting with ${describeTurn(this.#position, this.#script[this.#position] as ScriptTurn)}`,
      );
    }
    if (problems.length) throw new Error(problems.join('\n'));
  }

  /** Resolves once at least `count` API requests were recorded. */
  async waitForRequests(count: number, timeoutMs = 5000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.requests.length < count) {
      const left = deadline - Date.now();
      if (left <= 0) {
        throw new Error(
          `model-server: waited ${timeoutMs}ms for ${count} request(s); got ${this.requests.length}`,
        );
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.#waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Stops listening and drops open connections (including streams in progress). */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await new Promise<void>((resolve) => {
      this.#server.close(() => resolve());
      for (const socket of this.#sockets) socket.destroy();
      this.#server.closeAllConnections();
    });
  }

  // -------------------------------------------------------------------------------------------

  #validate(turns: unknown[]): ScriptTurn[] {
    const parsed = parseScript(turns);
    parsed.forEach((t, i) => {
      if (t.kind !== 'cut') return;
      try {
        cutEvents(buildStreamEvents(t, { turnIndex: i, seq: 0, requestModel: 'm' }), t);
      } catch (err) {
        throw new Error(`model-server: invalid script: turn ${i}: ${(err as Error).message}`, {
          cause: err,
        });
      }
    });
    return parsed;
  }

  #log(message: string): void {
    if (this.#verbose) process.stderr.write(`[model-server] ${message}\n`);
  }

  #record(req: IncomingMessage, url: URL, rawBody: string): RecordedRequest {
    let body: unknown;
    try {
      body = rawBody ? (JSON.parse(rawBody) as unknown) : undefined;
    } catch {
      body = undefined;
    }
    const recorded: RecordedRequest = {
      seq: ++this.#seq,
      method: req.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: flatHeaders(req),
      body,
      rawBody,
      at: Date.now(),
      turn: null,
      outcome: 'not_found',
    };
    this.requests.push(recorded);
    const waiters = this.#waiters;
    this.#waiters = [];
    for (const wake of waiters) wake();
    return recorded;
  }

  async #handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://model-server.invalid');
    const rawBody = await readBody(req);

    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        ...CORS_HEADERS,
        'access-control-allow-methods': 'GET, POST, OPTIONS',
        'access-control-allow-headers': req.headers['access-control-request-headers'] ?? '*',
        'access-control-max-age': '600',
      });
      res.end();
      return;
    }

    if (url.pathname.startsWith('/__')) {
      if (this.#control) return this.#handleControl(req.method ?? 'GET', url, rawBody, res);
    }

    const rec = this.#record(req, url, rawBody);
    this.#log(`#${rec.seq} ${rec.method} ${rec.path}`);
    const outcome = (o: RequestOutcome) => (rec.outcome = o);

    const isMessages = req.method === 'POST' && url.pathname === '/v1/messages';
    const isCount = req.method === 'POST' && url.pathname === '/v1/messages/count_tokens';
    const modelMatch = /^\/v1\/models(?:\/([^/]+))?$/.exec(url.pathname);
    const isModels = req.method === 'GET' && modelMatch !== null;
    if (!isMessages && !isCount && !isModels) {
      outcome('not_found');
      return this.#sendError(
        res,
        404,
        'not_found_error',
        `Not found: ${req.method} ${url.pathname}`,
      );
    }

    if (this.#apiKey !== null) {
      if (apiKeyOf(rec) !== this.#apiKey) {
        outcome('unauthorized');
        return this.#sendError(res, 401, 'authentication_error', 'invalid x-api-key');
      }
    }

    if (isModels) {
      outcome('models');
      const id = modelMatch[1] ? decodeURIComponent(modelMatch[1]) : undefined;
      if (id !== undefined) {
        if (!this.#models.includes(id)) {
          outcome('not_found');
          return this.#sendError(res, 404, 'not_found_error', `model: ${id}`);
        }
        return this.#sendJson(res, 200, this.#modelInfo(id));
      }
      const data = this.#models.map((m) => this.#modelInfo(m));
      return this.#sendJson(res, 200, {
        data,
        has_more: false,
        first_id: data[0]?.id ?? null,
        last_id: data.at(-1)?.id ?? null,
      });
    }

    const problem = this.#invalidBody(rec.body);
    if (problem) {
      outcome('invalid');
      return this.#sendError(res, 400, 'invalid_request_error', problem);
    }
    const body = rec.body as { model: string; stream?: unknown; messages: unknown[] };

    if (isCount) {
      outcome('count_tokens');
      return this.#sendJson(res, 200, { input_tokens: Math.ceil(rawBody.length / 4) });
    }

    if (this.#responder) {
      const planned = this.#responder(rec);
      if (planned === undefined) {
        outcome('exhausted');
        const message = `model-server: the responder has no answer for request #${rec.seq}`;
        this.failures.push(message);
        return this.#sendError(res, 500, 'api_error', message, { 'x-should-retry': 'false' });
      }
      const [answer] = this.#validate([planned]);
      rec.turn = -1;
      const ctx: ReplyContext = { turnIndex: rec.seq, seq: rec.seq, requestModel: body.model };
      outcome(answer!.kind === 'reply' ? 'reply' : answer!.kind);
      if (answer!.kind === 'reply') return this.#playReply(answer!, body.stream === true, ctx, res);
      if (answer!.kind === 'error') return this.#playError(answer!, body.stream === true, ctx, res);
      return this.#playCut(answer!, body.stream === true, ctx, res);
    }

    const index = this.#position;
    const turn = this.#script[index];
    if (!turn) {
      outcome('exhausted');
      const message =
        `model-server: script exhausted: request #${rec.seq} (POST /v1/messages) arrived ` +
        `but all ${this.#script.length} scripted turn(s) were already played`;
      this.failures.push(message);
      return this.#sendError(res, 500, 'api_error', message, { 'x-should-retry': 'false' });
    }

    const reasons = checkMatch(turn.match, rec);
    if (reasons.length) {
      outcome('mismatch');
      const message =
        `model-server: request #${rec.seq} does not match ${describeTurn(index, turn)}: ` +
        reasons.join('; ');
      this.failures.push(message);
      this.#log(message);
      return this.#sendError(res, 400, 'invalid_request_error', message, {
        'x-should-retry': 'false',
      });
    }

    this.#position++;
    rec.turn = index;
    const stream = body.stream === true;
    const ctx: ReplyContext = { turnIndex: index, seq: rec.seq, requestModel: body.model };

    switch (turn.kind) {
      case 'error':
        outcome('error');
        return this.#playError(turn, stream, ctx, res);
      case 'reply':
        outcome('reply');
        return this.#playReply(turn, stream, ctx, res);
      case 'cut':
        outcome('cut');
        return this.#playCut(turn, stream, ctx, res);
    }
  }

  #invalidBody(body: unknown): string | null {
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      return 'model-server: the request body must be a JSON object';
    }
    const b = body as Record<string, unknown>;
    if (typeof b.model !== 'string' || !b.model) return 'model: Field required';
    if (!Array.isArray(b.messages)) return 'messages: Field required';
    return null;
  }

  #modelInfo(id: string) {
    return {
      type: 'model' as const,
      id,
      display_name: id,
      created_at: '2025-01-01T00:00:00Z',
      capabilities: null,
      deprecated_at: null,
      lifecycle: 'active' as const,
      line: null,
      max_input_tokens: 200_000,
      max_tokens: 64_000,
      retires_at: null,
    };
  }

  #baseHeaders(): Record<string, string> {
    return { ...CORS_HEADERS, 'request-id': randomId('req') };
  }

  #sendJson(
    res: ServerResponse,
    status: number,
    body: unknown,
    headers: Record<string, string> = {},
  ): void {
    const text = JSON.stringify(body);
    res.writeHead(status, {
      ...this.#baseHeaders(),
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(text)),
      ...headers,
    });
    res.end(text);
  }

  #sendError(
    res: ServerResponse,
    status: number,
    type: ScriptErrorType,
    message: string,
    headers: Record<string, string> = {},
  ): void {
    const base = this.#baseHeaders();
    const body = {
      type: 'error',
      error: { type, message },
      request_id: base['request-id'],
    };
    const text = JSON.stringify(body);
    res.writeHead(status, {
      ...base,
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(text)),
      ...headers,
    });
    res.end(text);
  }

  async #playError(
    turn: ErrorTurn,
    stream: boolean,
    ctx: ReplyContext,
    res: ServerResponse,
  ): Promise<void> {
    if (turn.delayMs) await sleep(turn.delayMs);
    const [defaultType, defaultMessage] = defaultError(turn.status);
    const type = turn.type ?? defaultType;
    const message = turn.message ?? defaultMessage;

    if (turn.inStream && stream) {
      const events = buildStreamEvents({ kind: 'reply', content: [] }, ctx).filter(
        (e) => e.event.type === 'message_start' || e.event.type === 'ping',
      );
      events.push({ event: { type: 'error', error: { type, message } } });
      await this.#writeStream(res, events, turn.delayMs ?? 0);
      if (!res.destroyed) res.end();
      return;
    }

    const headers: Record<string, string> = {};
    if (turn.retryAfter !== undefined) headers['retry-after'] = String(turn.retryAfter);
    if (turn.retryAfterMs !== undefined) headers['retry-after-ms'] = String(turn.retryAfterMs);
    if (turn.shouldRetry !== undefined) headers['x-should-retry'] = String(turn.shouldRetry);
    this.#sendError(res, turn.status, type, message, { ...headers, ...turn.headers });
  }

  async #playReply(
    turn: ReplyTurn,
    stream: boolean,
    ctx: ReplyContext,
    res: ServerResponse,
  ): Promise<void> {
    if (!stream) {
      if (turn.delayMs) await sleep(turn.delayMs);
      return this.#sendJson(res, 200, buildMessage(turn, ctx));
    }
    await this.#writeStream(res, buildStreamEvents(turn, ctx), turn.delayMs ?? 0);
    if (!res.destroyed) res.end();
  }

  async #playCut(
    turn: CutTurn,
    stream: boolean,
    ctx: ReplyContext,
    res: ServerResponse,
  ): Promise<void> {
    if (!stream) {
      if (turn.delayMs) await sleep(turn.delayMs);
      res.socket?.destroy();
      return;
    }
    await this.#writeStream(res, cutEvents(buildStreamEvents(turn, ctx), turn), turn.delayMs ?? 0);
    // Give the client time to read what was sent, then kill the connection mid-response. A
    // stream that errors drops the chunks its reader has not taken yet: a client that had
    // read none of them saw no content and rightly retries (stream-turn.ts), which is not
    // the fault asked for. 20 ms was not enough on a loaded machine (CI, 2026-12-03: the
    // SDK retried the cut turn in both tries of faults-model.spec.ts).
    await sleep(300);
    res.socket?.destroy();
  }

  async #writeStream(res: ServerResponse, events: PlannedEvent[], delayMs: number): Promise<void> {
    res.writeHead(200, {
      ...this.#baseHeaders(),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
    });
    res.flushHeaders();
    for (let i = 0; i < events.length; i++) {
      if (i > 0 && delayMs) await sleep(delayMs);
      if (res.destroyed || this.#closed) return;
      const frame = encodeSse((events[i] as PlannedEvent).event);
      await new Promise<void>((resolve) => res.write(frame, () => resolve()));
    }
  }

  async #handleControl(
    method: string,
    url: URL,
    rawBody: string,
    res: ServerResponse,
  ): Promise<void> {
    const route = `${method} ${url.pathname}`;
    const parse = (): unknown[] => {
      const parsed = JSON.parse(rawBody || 'null') as unknown;
      const turns =
        parsed && typeof parsed === 'object' && 'turns' in parsed
          ? (parsed as { turns: unknown }).turns
          : parsed;
      if (!Array.isArray(turns)) throw new Error('expected a JSON array of turns or {"turns":[…]}');
      return turns;
    };
    try {
      switch (route) {
        case 'POST /__script':
          this.setScript(parse());
          return this.#sendJson(res, 200, this.state());
        case 'POST /__append':
          this.append(...parse());
          return this.#sendJson(res, 200, this.state());
        case 'POST /__reset':
          this.reset();
          return this.#sendJson(res, 200, this.state());
        case 'POST /__api-key': {
          const parsed = JSON.parse(rawBody || '{}') as { apiKey?: string | null };
          this.setApiKey(parsed.apiKey ?? null);
          return this.#sendJson(res, 200, this.state());
        }
        case 'GET /__requests':
          return this.#sendJson(res, 200, this.requests);
        case 'GET /__state':
          return this.#sendJson(res, 200, this.state());
        default:
          return this.#sendJson(res, 404, { error: `unknown control route ${route}` });
      }
    } catch (err) {
      return this.#sendJson(res, 400, { error: err instanceof Error ? err.message : String(err) });
    }
  }
}

/** Starts a scripted model server. `await server.close()` when done. */
export function startModelServer(options: ModelServerOptions = {}): Promise<ModelServer> {
  return ModelServer.start(options);
}
