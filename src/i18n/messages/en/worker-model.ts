/**
 * Part of the `worker` section: what the person reads when the model fails or is retried, what
 * the panel's commands say without a model (R3), and the options page's connection test (src/agent/claude/failure-message.ts, test-connection.ts).
 */
export const workerModel = {
  'model.noCompanion':
    '{cms} sites have no AI connection of their own for Countersign: set your own API key in the options, then send the message again.',
  'model.optionsHint': "Countersign's options, under Connection",
  // English keeps its one form for every count (tests and people know it so); others pluralise.
  'model.tried': 'Countersign retried {count} time(s).',
  'model.kept': 'The thread is kept: send the message again when this is solved.',
  'model.failure.forbidden':
    'Claude refused this API key for this request (403 permission error). Check the key and the model in {options}.',
  'model.failure.auth':
    'Claude refused the API key ({label} authentication error). Set a valid API key in {options}.',
  'model.failure.rateLimit': "Claude's rate limit was reached ({label}).",
  'model.advice.rateLimit': 'Wait a minute, then try again.',
  'model.failure.overloaded': 'Claude is overloaded right now ({label}).',
  'model.advice.overloaded': 'Try again in a few minutes, or pick another model.',
  'model.failure.network': 'Countersign could not reach the Claude API at {host}.',
  'model.advice.network': 'Check the connection and the API base URL in {options}.',
  'model.failure.badRequest': 'Claude refused the request ({label}).',
  'model.failure.badRequestSaid': 'Claude refused the request ({label}: {said}).',
  'model.failure.interrupted': 'The reply was stopped before it finished.',
  'model.failure.server': "Claude's API failed ({label}).",
  'model.failure.cutOff':
    'The reply was cut off before it finished ({cause}). What arrived is kept; nothing from the cut-off part was run.',
  'model.failure.stoppedBeforeStart': 'The reply was stopped before it started.',
  'model.cause.stopped': 'stopped',
  'model.cause.earlyEnd': 'the stream ended early',
  'model.retry.rateLimit': "Claude's rate limit was reached ({label})",
  'model.retry.overloaded': 'Claude is overloaded ({label})',
  'model.retry.network': 'the connection to Claude failed',
  'model.retry.server': "Claude's API failed ({label})",
  'model.site.ownKey': 'To keep working now, set your own Anthropic key in {options}.',
  'model.site.refused': 'The AI connection of {host} refused: {said}',
  'model.site.noRoute':
    "{host} offers no AI connection: the Countersign plugin is not active there, or it is older than this extension. Ask the site's admin, or use your own key.",
  'model.site.session':
    '{host} did not accept your session for its AI connection ({label}). Open its admin in a tab, sign in again, then send the message again.',
  'model.site.unreachable': 'Countersign could not reach {host} for its AI connection.',
  'model.test.ok': 'Connected to {host}: this key can use {count} model(s).',
  'model.test.invalidKey':
    '{host} refused this API key ({label}). Check that you copied the whole key into {options}.',
  'model.test.unreachable':
    'Countersign could not reach {host}. Check the API base URL and your connection.',
  // The no-agent mode (no API key): its commands and answers.
  'none.empty': 'Type something to search.',
  'none.help':
    'Commands: /search words · /open path-in-admin (e.g. /open edit.php) · /publish post 12 · /trash post 12. Anything else searches your content.',
  'none.usage.search': 'Usage: /search words',
  'none.usage.open': 'Usage: /open edit.php',
  'none.usage.entity': 'Usage: /{command} post 12 (or page 7)',
  'none.opened': 'Opened {path}.',
  'none.trashed': 'Moved {type} {id} to the trash.',
  'none.published': 'Published {type} {id}.',
  'none.rejected': 'Rejected: nothing was changed.',
  'none.failed': 'That did not work: {detail}',
} as const;
