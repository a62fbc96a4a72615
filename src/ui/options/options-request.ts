import { t } from '../../i18n';
import type { z } from 'zod';
import {
  OptionsReplySchema,
  type FieldProblem,
  type OptionsRequest,
} from '../../shared/protocols/options-protocol';

/** A refused or failed request, with the problems the background named field by field. */
export class RequestFailed extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly problems: FieldProblem[] = [],
  ) {
    super(message);
    this.name = 'RequestFailed';
  }
}

/**
 * Sends one options request to the background and validates the reply twice: its
 * envelope, then its value with `schema` (STYLE 2). Throws `RequestFailed` otherwise.
 */
export async function ask<T>(request: OptionsRequest, schema: z.ZodType<T>): Promise<T> {
  let raw: unknown;
  try {
    raw = await chrome.runtime.sendMessage(request);
  } catch {
    throw new RequestFailed(t('options.error.noAnswer'), 'no-answer');
  }
  const reply = OptionsReplySchema.safeParse(raw);
  if (!reply.success) throw new RequestFailed(t('options.error.badReply'), 'bad-reply');
  if (!reply.data.ok) {
    const { message, code, problems } = reply.data.error;
    throw new RequestFailed(message, code, problems);
  }
  const value = schema.safeParse(reply.data.value);
  if (!value.success) throw new RequestFailed(t('options.error.badReply'), 'bad-reply');
  return value.data;
}

/** The message to show for anything a request threw. */
export function messageOf(error: unknown): string {
  return error instanceof RequestFailed ? error.message : t('worker.error.internal');
}
