import { CountersignError } from '../../shared/errors';

/** What went wrong talking to a site's mirror, in classes the drain treats differently. */
export type MirrorProblem =
  /** Not reachable: offline, DNS, refused connection, timeout. Retried with backoff. */
  | 'network'
  /** 5xx: retried with backoff, honouring `Retry-After`. */
  | 'server'
  /** 429: the server asked to slow down; honours `Retry-After`. */
  | 'rate-limited'
  /** No cookie or nonce: nobody is signed in. Waits for a sign-in, no retry loop. */
  | 'signed-out'
  /** Signed in as someone else than the records' owner. Waits like `signed-out`. */
  | 'other-user'
  /** The REST index has no `countersign/v1`, or the route is gone: local audit only. */
  | 'no-plugin'
  /** The plugin's schema is older than this extension needs. Waits for an update. */
  | 'old-plugin'
  /** The site refused the batch itself (400), or sent an answer that does not validate. */
  | 'refused';

/** A failed mirror request; `message` speaks to a person and carries nothing secret (S4). */
export class MirrorError extends CountersignError {
  constructor(
    readonly problem: MirrorProblem,
    message: string,
    readonly detail: { status?: number; retryAfterMs?: number | null } = {},
  ) {
    super(`mirror-${problem}`, message);
  }
}

/** Whether a problem is waited out with exponential backoff (true) or by a long pause. */
export function isTransient(problem: MirrorProblem): boolean {
  return problem === 'network' || problem === 'server' || problem === 'rate-limited';
}
