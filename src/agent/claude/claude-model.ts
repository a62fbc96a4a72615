import type { MessageCreateParamsStreaming } from '@anthropic-ai/sdk/resources/messages';
import {
  ModelError,
  type ModelEvent,
  type ModelPort,
  type ModelReply,
  type ModelRequest,
} from '../../run/model-port';
import { logger } from '../../shared/log';
import { classifyError } from './classify-error';
import { type ClaudeClient, type ClaudeConnection, createClient } from './client';
import { failureMessage, retryReason, stoppedBeforeStart } from './failure-message';
import { type KeepAlive, defaultKeepAlive } from './keep-alive';
import { buildParams } from './request-params';
import { DEFAULT_RETRY_POLICY, type RetryPolicy, abortableSleep, retryWait } from './retry-policy';
import { streamTurn } from './stream-turn';

const log = logger('claude');

/** How to build a ClaudeModel; the connection comes from settings. */
export interface ClaudeModelOptions extends ClaudeConnection {
  /** Keeps the MV3 worker alive while a call is open (default: chrome's, if present). */
  keepAlive?: KeepAlive;
  retry?: Partial<RetryPolicy>;
  /** Replaces the retry wait (tests). */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  timeoutMs?: number;
}

/**
 * The Claude agent's model (R4): the ModelPort implemented with @anthropic-ai/sdk,
 * streaming, with tools, extended thinking and prompt caching. Failures end as a
 * ModelError whose message tells the person what to do (S5); rate limits, overload,
 * server and network errors are retried first, each retry announced with a `retry` event.
 */
export class ClaudeModel implements ModelPort {
  readonly #client: ClaudeClient;
  readonly #host: string;
  /** The site's AI connection (no key of the person's): its refusals read as the site's. */
  readonly #viaSite: boolean;
  readonly #keepAlive: KeepAlive;
  readonly #policy: RetryPolicy;
  readonly #sleep: (ms: number, signal?: AbortSignal) => Promise<void>;

  constructor(options: ClaudeModelOptions) {
    this.#client = createClient(options, { timeoutMs: options.timeoutMs });
    this.#host = new URL(options.apiBaseUrl).host;
    this.#viaSite = options.apiKey === null;
    this.#keepAlive = options.keepAlive ?? defaultKeepAlive();
    this.#policy = { ...DEFAULT_RETRY_POLICY, ...options.retry };
    this.#sleep = options.sleep ?? abortableSleep;
  }

  /** Streams the next assistant message for the request's transcript. */
  async generate(
    request: ModelRequest,
    onEvent: (event: ModelEvent) => void,
    signal?: AbortSignal,
  ): Promise<ModelReply> {
    const params = buildParams(request);
    const stop = this.#keepAlive();
    try {
      return await this.#attempt(params, onEvent, signal);
    } finally {
      stop();
    }
  }

  async #attempt(
    params: MessageCreateParamsStreaming,
    onEvent: (event: ModelEvent) => void,
    signal?: AbortSignal,
  ): Promise<ModelReply> {
    for (let retry = 0; ; retry++) {
      try {
        return await streamTurn(this.#client, params, onEvent, signal);
      } catch (error) {
        if (error instanceof ModelError) {
          log.warn(`model ${params.model}: ${error.message}`, error.cause);
          throw error;
        }
        const failure = classifyError(error);
        const wait = signal?.aborted ? null : retryWait(failure, retry, this.#policy);
        if (wait === null) {
          log.warn(`model ${params.model} failed (${failure.kind}, ${failure.label})`, error);
          const message = failureMessage(failure, {
            host: this.#host,
            retries: retry,
            viaSite: this.#viaSite,
          });
          throw new ModelError(failure.kind, message, [], { cause: error });
        }
        log.info(`model ${params.model}: ${failure.label}; retry ${retry + 1} in ${wait} ms`);
        onEvent({ type: 'retry', attempt: retry + 1, waitMs: wait, reason: retryReason(failure) });
        await this.#sleep(wait, signal).catch((cause: unknown) => {
          throw new ModelError('interrupted', stoppedBeforeStart(), [], { cause });
        });
      }
    }
  }
}
