// S5: WordPress refusing even a fresh REST nonce (the admin page's session changed under it)
// is a stale session, which the panel answers with "reload the tab" rather than a sign-in.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { WpRestClient } from '../../../../src/cms/wordpress/rest-client';
import { WP_NONCE } from '../../../../src/cms/wordpress/nonce';
import { CmsHttpError } from '../../../../src/cms/http-error';

const refusal = () =>
  new Response(
    JSON.stringify({ code: 'rest_cookie_invalid_nonce', message: 'Cookie check failed' }),
    {
      status: 403,
    },
  );

function client(answers: Response[]) {
  const nonces: (string | null)[] = [];
  let value = 'old';
  const rest = new WpRestClient({
    restRoot: 'https://site.test/wp-json/',
    nonce: { ...WP_NONCE, current: () => value, refresh: async () => (value = 'fresh') },
    fetch: (async (_url: URL, init: RequestInit) => {
      nonces.push(new Headers(init.headers).get('X-WP-Nonce'));
      return answers.shift() ?? new Response('{}', { status: 500 });
    }) as typeof fetch,
  });
  return { rest, nonces };
}

describe('a REST nonce WordPress refuses', () => {
  it('is fetched again once; refused again, the error says the session is stale', async () => {
    const { rest, nonces } = client([refusal(), refusal()]);
    const error = await rest
      .get('wp/v2/users/me', { schema: z.unknown() })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CmsHttpError);
    expect((error as CmsHttpError).staleSession).toBe(true);
    expect(nonces).toEqual(['old', 'fresh']);
  });

  it('a fresh one accepted: no error, and other refusals are not stale sessions', async () => {
    const ok = client([refusal(), new Response('{"id":1}', { status: 200 })]);
    await expect(ok.rest.get('wp/v2/users/me', { schema: z.unknown() })).resolves.toBeDefined();
    const forbidden = client([
      new Response(JSON.stringify({ code: 'rest_forbidden', message: 'No.' }), { status: 403 }),
    ]);
    const error = await forbidden.rest
      .get('wp/v2/users/me', { schema: z.unknown() })
      .catch((e: unknown) => e);
    expect((error as CmsHttpError).staleSession).toBe(false);
  });
});
