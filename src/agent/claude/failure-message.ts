import { t } from '../../i18n';
import type { Failure } from './classify-error';

/** Where the person fixes connection problems (every auth message names it), in their words. */
export function optionsHint(): string {
  return t('worker.model.optionsHint');
}

/** The panel's words for a retry: "retrying in N s" follows them. */
export function retryReason(failure: Failure): string {
  switch (failure.kind) {
    case 'rate-limit':
      return t('worker.model.retry.rateLimit', { label: failure.label });
    case 'overloaded':
      return t('worker.model.retry.overloaded', { label: failure.label });
    case 'network':
      return t('worker.model.retry.network');
    default:
      return t('worker.model.retry.server', { label: failure.label });
  }
}

/** Sentences joined as the person reads them (each ends with its own stop). */
const sentences = (...parts: (string | false)[]): string => parts.filter(Boolean).join(' ');

/**
 * What the person reads when a model call fails for good (S5): what happened, what to do,
 * and that the thread is kept, in their language. Never the key, never a request header
 * (S3, S4).
 */
export function failureMessage(
  failure: Failure,
  context: { host: string; retries: number; viaSite?: boolean },
): string {
  const tried = context.retries > 0 && t('worker.model.tried', { count: context.retries });
  const kept = t('worker.model.kept');
  const options = optionsHint();
  const { label, apiMessage } = failure;
  if (context.viaSite) {
    const words = siteFailureMessage(failure, context.host, tried, kept);
    if (words) return words;
  }
  switch (failure.kind) {
    case 'auth':
      return label === '403'
        ? t('worker.model.failure.forbidden', { options })
        : t('worker.model.failure.auth', { label, options });
    case 'rate-limit':
      return sentences(
        t('worker.model.failure.rateLimit', { label }),
        tried,
        t('worker.model.advice.rateLimit'),
        kept,
      );
    case 'overloaded':
      return sentences(
        t('worker.model.failure.overloaded', { label }),
        tried,
        t('worker.model.advice.overloaded'),
        kept,
      );
    case 'network':
      return sentences(
        t('worker.model.failure.network', { host: context.host }),
        tried,
        t('worker.model.advice.network', { options }),
        kept,
      );
    case 'bad-request':
      return sentences(
        apiMessage
          ? t('worker.model.failure.badRequestSaid', { label, said: apiMessage })
          : t('worker.model.failure.badRequest', { label }),
        kept,
      );
    case 'interrupted':
      return t('worker.model.failure.interrupted');
    case 'server':
      return sentences(t('worker.model.failure.server', { label }), tried, kept);
  }
}

/**
 * The site's AI connection failed on the site's side (not Claude's): the plugin refused
 * (its own sentence, in the site's words: the limit, switched off, ...), the route is not
 * there, the session was refused, or the site could not be reached. Null: Claude's own
 * answer passed through the site, worded as usual.
 */
function siteFailureMessage(
  failure: Failure,
  host: string,
  tried: string | false,
  kept: string,
): string | null {
  const own = t('worker.model.site.ownKey', { options: optionsHint() });
  if (failure.site?.reason) {
    // The plugin's sentence says why and what to do, in the person's language.
    const said = failure.apiMessage ?? sentences(`${failure.site.reason}.`, own);
    return sentences(t('worker.model.site.refused', { host, said }), kept);
  }
  if (failure.site?.wpCode === 'rest_no_route') {
    return sentences(t('worker.model.site.noRoute', { host }), own);
  }
  if (failure.kind === 'auth') {
    return sentences(t('worker.model.site.session', { host, label: failure.label }), kept);
  }
  if (failure.kind === 'network') {
    return sentences(t('worker.model.site.unreachable', { host }), tried, kept);
  }
  return null;
}

/** The message of a turn cut in the middle; what had arrived is kept as the partial turn. */
export function interruptedMessage(cause: string): string {
  return t('worker.model.failure.cutOff', { cause });
}

/** A reply stopped while it waited to try again (nothing of it had arrived). */
export function stoppedBeforeStart(): string {
  return t('worker.model.failure.stoppedBeforeStart');
}
