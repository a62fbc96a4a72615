import { CountersignError } from '../shared/errors';

/** What went wrong talking to the CMS, as the person would put it. */
export type CmsErrorKind =
  | 'logged-out'
  | 'forbidden'
  | 'not-found'
  | 'gone'
  | 'conflict'
  | 'invalid'
  | 'server-error'
  | 'timeout'
  | 'network'
  | 'bad-response';

/**
 * A failed CMS HTTP call. `message` is safe to show: it is the CMS's own message for
 * 4xx answers and a fixed sentence otherwise (5xx bodies may carry database errors, S4).
 */
export class CmsHttpError extends CountersignError {
  readonly kind: CmsErrorKind;
  readonly status: number;
  readonly endpoint: string;
  /** The CMS's own error code, e.g. WordPress's `rest_cannot_edit`. */
  readonly cmsCode?: string;
  /**
   * S5: the cookie still signs the person in, but the site refuses even a fresh request
   * token (the page's session changed under it): only a reload of the admin tab helps.
   */
  readonly staleSession: boolean;

  constructor(
    kind: CmsErrorKind,
    message: string,
    details: {
      status: number;
      endpoint: string;
      cmsCode?: string;
      cause?: unknown;
      staleSession?: boolean;
    },
  ) {
    super(`cms-${kind}`, message, { cause: details.cause });
    this.kind = kind;
    this.status = details.status;
    this.endpoint = details.endpoint;
    this.cmsCode = details.cmsCode;
    this.staleSession = details.staleSession ?? false;
  }
}
