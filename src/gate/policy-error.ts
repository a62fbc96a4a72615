import { CountersignError } from '../shared/errors';

/** A policy (managed or admin) that cannot be used as written; the message names the entry. */
export class PolicyError extends CountersignError {
  constructor(message: string, options?: { cause?: unknown }) {
    super('bad-policy', message, options);
  }
}
