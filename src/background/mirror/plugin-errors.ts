import { z } from 'zod';
import { logger } from '../../shared/log';
import { parseRetryAfter } from './backoff';
import { MirrorError } from './errors';
import { t } from '../../i18n';

const log = logger('site-plugin');

/** A WordPress REST error body; `data.errors` lists every refused record of a batch. */
export const PluginErrorSchema = z.object({
  code: z.string().max(100),
  message: z.string().max(2000),
  data: z
    .object({
      status: z.number().optional(),
      id: z.string().optional(),
      errors: z
        .array(z.object({ id: z.string().optional(), code: z.string(), message: z.string() }))
        .optional(),
    })
    .loose()
    .optional(),
});
export type PluginErrorBody = z.infer<typeof PluginErrorSchema>;

/** A failed plugin request, with the parsed error body when there was one. */
export class PluginHttpError extends MirrorError {
  constructor(
    problem: MirrorError['problem'],
    message: string,
    readonly status: number,
    readonly body: PluginErrorBody | null,
    retryAfterMs: number | null = null,
  ) {
    super(problem, message, { status, retryAfterMs });
  }
}

/**
 * Maps a failed answer of the plugin to a {@link PluginHttpError}: its class decides how
 * the mirror waits, its message speaks to a person.
 */
export function failureOf(response: Response, json: unknown, now: number): PluginHttpError {
  const parsed = PluginErrorSchema.safeParse(json);
  const body = parsed.success ? parsed.data : null;
  const status = response.status;
  const retryAfter = parseRetryAfter(response.headers.get('Retry-After'), now);
  if (status === 401) {
    return new PluginHttpError(
      'signed-out',
      'Signed out of WordPress: the audit waits in this browser until you sign in again.',
      status,
      body,
    );
  }
  // PluginClient.authed already fetched a fresh nonce and retried: WordPress refusing that
  // one too is the page's session going stale (S5), not a refusal of this person. It waits
  // like signed-out (no retry loop, the last site policy holds) until the admin tab reloads.
  if (status === 403 && body?.code === 'rest_cookie_invalid_nonce') {
    return new PluginHttpError('signed-out', t('worker.mirror.staleNonce'), status, body);
  }
  if (status === 404 && (!body || body.code === 'rest_no_route')) {
    return new PluginHttpError(
      'no-plugin',
      'The Countersign plugin is not active on this site.',
      status,
      body,
    );
  }
  if (status === 429) {
    return new PluginHttpError(
      'rate-limited',
      'The site asked to wait before sending more; sending resumes by itself.',
      status,
      body,
      retryAfter,
    );
  }
  if (status === 500 && body?.code === 'countersign_schema_newer') {
    return new PluginHttpError('old-plugin', body.message, status, body);
  }
  if (status >= 500) {
    log.warn(`the site answered HTTP ${status}${body ? ` (${body.code})` : ''}`);
    return new PluginHttpError(
      'server',
      t('worker.mirror.serverError', { status: String(status) }),
      status,
      body,
      retryAfter,
    );
  }
  return new PluginHttpError(
    'refused',
    body ? body.message : t('worker.mirror.refusedRequest', { status: String(status) }),
    status,
    body,
  );
}
