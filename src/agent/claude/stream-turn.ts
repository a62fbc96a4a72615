import type { ClaudeClient } from './client';
import type { MessageCreateParamsStreaming } from '@anthropic-ai/sdk/resources/messages';
import { ModelError, type ModelEvent, type ModelReply } from '../../run/model-port';
import { t } from '../../i18n';
import { classifyError } from './classify-error';
import { interruptedMessage, retryReason } from './failure-message';
import { ReplyBuilder } from './reply-builder';

/** The stream ended without message_stop and without an error. */
class EarlyEndError extends Error {
  override name = 'EarlyEndError';
}

function interrupted(builder: ReplyBuilder, cause: unknown, signal?: AbortSignal): ModelError {
  const why = signal?.aborted
    ? t('worker.model.cause.stopped')
    : cause instanceof EarlyEndError
      ? t('worker.model.cause.earlyEnd')
      : retryReason(classifyError(cause));
  return new ModelError('interrupted', interruptedMessage(why), builder.partial(), { cause });
}

/**
 * One streamed attempt. Errors before any content block has started are thrown as they
 * came, so the caller may retry without the panel seeing anything twice. Once content has
 * started, any failure (a cut connection, an error event, a stop) becomes
 * ModelError('interrupted') carrying the partial turn.
 */
export async function streamTurn(
  client: ClaudeClient,
  params: MessageCreateParamsStreaming,
  onEvent: (event: ModelEvent) => void,
  signal?: AbortSignal,
): Promise<ModelReply> {
  const builder = new ReplyBuilder(onEvent);
  const stream = await client.messages.create(params, signal ? { signal } : {});
  try {
    for await (const event of stream) builder.apply(event);
  } catch (error) {
    if (!builder.started && !signal?.aborted) throw error;
    throw interrupted(builder, error, signal);
  }
  if (builder.complete) return builder.reply();
  // The SDK ends the iteration quietly when the request is aborted.
  if (!builder.started && !signal?.aborted) throw new EarlyEndError('stream ended early');
  throw interrupted(builder, new EarlyEndError('stream ended early'), signal);
}
