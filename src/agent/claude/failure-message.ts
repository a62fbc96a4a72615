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
  context: { host: string; retries: number },
): string {
  const tried = context.retries > 0 ? ` Countersign retried ${context.retries} time(s).` : '';
  const kept = ' The thread is kept: send the message again when this is solved.';
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

/** The message of a turn cut in the middle; what had arrived is kept as the partial turn. */
export function interruptedMessage(cause: string): string {
  return `The reply was cut off before it finished (${cause}). What arrived is kept; nothing from the cut-off part was run.`;
}
