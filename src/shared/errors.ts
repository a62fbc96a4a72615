/**
 * The small typed error tree (STYLE 8). Every error has a stable `code` that can
 * cross context boundaries as `{ code, message }`; the `cause` stays local.
 */
export class CountersignError extends Error {
  readonly code: string;
  constructor(code: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
    this.code = code;
  }
}

/** What crosses a context boundary instead of an Error object. */
export interface WireError {
  code: string;
  message: string;
}

/** Converts anything thrown into a wire error without leaking stack or cause. */
export function toWireError(error: unknown): WireError {
  if (error instanceof CountersignError) return { code: error.code, message: error.message };
  return { code: 'internal', message: 'An unexpected error happened; details are in the log.' };
}

/** Bad input from outside (model, page, storage, server, user), named precisely. */
export class InputError extends CountersignError {
  constructor(message: string, options?: { cause?: unknown }) {
    super('bad-input', message, options);
  }
}
