import type { Failure } from './classify-error';

/** Where the person fixes connection problems; every auth message names it. */
export const OPTIONS_HINT = "Countersign's options, under Connection";

/** The panel's words for a retry: "retrying in N s" follows them. */
export function retryReason(failure: Failure): string {
  switch (failure.kind) {
    case 'rate-limit':
      return `Claude's rate limit was reached (${failure.label})`;
    case 'overloaded':
      return `Claude is overloaded (${failure.label})`;
    case 'network':
      return 'the connection to Claude failed';
    default:
      return `Claude's API failed (${failure.label})`;
  }
}

/**
 * What the person reads when a model call fails for good (S5): what happened, what to do,
 * and that the thread is kept. Never the key, never a request header (S3, S4).
 */
export function failureMessage(
  failure: Failure,
  context: { host: string; retries: number; viaSite?: boolean },
): string {
  const tried = context.retries > 0 ? ` Countersign retried ${context.retries} time(s).` : '';
  const kept = ' The thread is kept: send the message again when this is solved.';
  if (context.viaSite) {
    const words = siteFailureMessage(failure, context.host, tried, kept);
    if (words) return words;
  }
  switch (failure.kind) {
    case 'auth':
      return failure.label === '403'
        ? `Claude refused this API key for this request (403 permission error). Check the key and the model in ${OPTIONS_HINT}.`
        : `Claude refused the API key (${failure.label} authentication error). Set a valid API key in ${OPTIONS_HINT}.`;
    case 'rate-limit':
      return `Claude's rate limit was reached (${failure.label}).${tried} Wait a minute, then try again.${kept}`;
    case 'overloaded':
      return `Claude is overloaded right now (${failure.label}).${tried} Try again in a few minutes, or pick another model.${kept}`;
    case 'network':
      return `Countersign could not reach the Claude API at ${context.host}.${tried} Check the connection and the API base URL in ${OPTIONS_HINT}.${kept}`;
    case 'bad-request':
      return `Claude refused the request (${failure.label}${failure.apiMessage ? `: ${failure.apiMessage}` : ''}).${kept}`;
    case 'interrupted':
      return 'The reply was stopped before it finished.';
    case 'server':
      return `Claude's API failed (${failure.label}).${tried}${kept}`;
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
  tried: string,
  kept: string,
): string | null {
  const own = `To keep working now, set your own Anthropic key in ${OPTIONS_HINT}.`;
  if (failure.site?.reason) {
    // The plugin's sentence says why and what to do, in the person's language.
    const said = failure.apiMessage ?? `${failure.site.reason}. ${own}`;
    return `The AI connection of ${host} refused: ${said}${kept}`;
  }
  if (failure.site?.wpCode === 'rest_no_route') {
    return `${host} offers no AI connection: the Countersign plugin is not active there, or it is older than this extension. Ask the site's admin, or use your own key. ${own}`;
  }
  if (failure.kind === 'auth') {
    return `${host} did not accept your session for its AI connection (${failure.label}). Open its admin in a tab, sign in again, then send the message again.${kept}`;
  }
  if (failure.kind === 'network') {
    return `Countersign could not reach ${host} for its AI connection.${tried}${kept}`;
  }
  return null;
}

/** The message of a turn cut in the middle; what had arrived is kept as the partial turn. */
export function interruptedMessage(cause: string): string {
  return `The reply was cut off before it finished (${cause}). What arrived is kept; nothing from the cut-off part was run.`;
}
