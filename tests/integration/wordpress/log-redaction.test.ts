// S3/S4: a real WordPress server error whose body echoes the session's nonce, its cookies
// and the configured API key reaches the log redacted, and the error the person sees says
// only that the server failed.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { registerSecret } from '../../../src/shared/log';
import { as } from './support';

afterEach(() => vi.restoreAllMocks());

describe('log redaction against the real site', () => {
  it('a 5xx body with the nonce, the cookies and the key is logged without them', async () => {
    const editor = await as('editor1');
    const apiKey = 'gw-live-integration-5c1e9b7a03d24f68';
    registerSecret(apiKey);
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    const failure = await editor.session.client
      .get('/countersign-stack/v1/fail', { schema: z.unknown(), query: { echo: apiKey } })
      .then(
        () => null,
        (error: unknown) => error as Error,
      );
    expect(failure?.message).toBe('WordPress answered with a server error (HTTP 500).');
    const logged = spy.mock.calls.map((call) => call.map(String).join(' ')).join('\n');
    // The log does say what failed, and the body was logged (the "Fatal error" text).
    expect(logged).toContain('WordPress 500 on GET /countersign-stack/v1/fail');
    expect(logged).toContain('Fatal error while handling [redacted]');
    const nonce = editor.http.nonce;
    const cookieValues = editor.http.jar
      .header('/')
      .split(';')
      .map((pair) => pair.split('=').slice(1).join('=').trim())
      .filter((value) => value.length >= 8);
    expect(nonce.length).toBeGreaterThan(5);
    expect(cookieValues.length).toBeGreaterThan(0);
    for (const secret of [apiKey, nonce, ...cookieValues]) expect(logged).not.toContain(secret);
  });
});
