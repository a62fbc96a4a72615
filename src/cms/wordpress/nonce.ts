import { CmsHttpError } from '../http-error';
import type { NonceSource } from './rest-client';

/** What WordPress's REST API reads the nonce from, and how it says one expired. */
export const WP_NONCE = {
  header: 'X-WP-Nonce',
  expired: async (response: Response): Promise<boolean> => {
    if (response.status !== 403) return false;
    const body: unknown = await response
      .clone()
      .json()
      .catch(() => null);
    return (body as { code?: unknown } | null)?.code === 'rest_cookie_invalid_nonce';
  },
} as const satisfies Pick<NonceSource, 'header' | 'expired'>;

/**
 * Keeps the REST nonce in memory only (it is never persisted beyond the session) and
 * refreshes it through `admin-ajax.php?action=rest-nonce`, which answers the bare nonce
 * to a signed-in cookie and `0` with HTTP 400 to a signed-out one.
 */
export class AdminAjaxNonce implements NonceSource {
  readonly header = WP_NONCE.header;
  readonly expired = WP_NONCE.expired;
  private value: string | undefined;

  constructor(
    private readonly tokenUrl: string,
    initial?: string,
    private readonly fetchImpl: typeof fetch = (input, init) => fetch(input, init),
    private readonly onChange?: (nonce: string) => void,
  ) {
    this.value = initial;
  }

  current(): string | undefined {
    return this.value;
  }

  async refresh(): Promise<string> {
    const url = new URL(this.tokenUrl);
    url.searchParams.set('action', 'rest-nonce');
    const endpoint = 'GET admin-ajax.php?action=rest-nonce';
    const response = await this.fetchImpl(url, {
      credentials: 'include',
      signal: AbortSignal.timeout(10_000),
    });
    const text = (await response.text()).trim();
    if (!response.ok || text === '0' || text === '-1') {
      throw new CmsHttpError(
        'logged-out',
        'You are signed out of WordPress. Sign in again in the admin tab, then retry.',
        { status: response.status, endpoint },
      );
    }
    if (!/^[a-f0-9]{10}$/i.test(text)) {
      throw new CmsHttpError('bad-response', 'WordPress sent a REST nonce in an unknown format.', {
        status: response.status,
        endpoint,
      });
    }
    this.value = text;
    this.onChange?.(text);
    return text;
  }
}
