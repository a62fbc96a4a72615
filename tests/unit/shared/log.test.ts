// S3/S4: what reaches the console never carries a credential, whatever shape it has.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { logger, redact, registerSecret } from '../../../src/shared/log';
import { errorFromResponse } from '../../../src/cms/wordpress/rest-client';

function captured(spy: { mock: { calls: unknown[][] } }): string {
  return spy.mock.calls.map((call) => call.map(String).join(' ')).join('\n');
}

afterEach(() => vi.restoreAllMocks());

describe('log redaction', () => {
  it('redacts a configured key that does not look like an Anthropic key', () => {
    const gatewayKey = 'gw-live-7f3a9c2e41d04b6f8e21';
    registerSecret(gatewayKey);
    const spy = vi.spyOn(console, 'warn').mockImplementation(() => {});
    logger('t').warn(`request with ${gatewayKey} failed`, new Error(`key ${gatewayKey} refused`));
    logger('t').warn('detail object', { headers: { 'x-gateway': gatewayKey } });
    const out = captured(spy);
    expect(out).not.toContain(gatewayKey);
    expect(out).toContain('[redacted]');
  });

  it('redacts nonces, cookies and auth headers in any spelling', () => {
    const text = [
      'X-WP-Nonce: 3f9a1b2c4d',
      '"nonce":"a1b2c3d4e5"',
      '/wp-admin/post.php?_wpnonce=9e8d7c6b5a&action=trash',
      'Cookie: wordpress_logged_in_0123abcd=editor1%7C1700000000%7Csecret',
      'Set-Cookie: wordpress_sec_0123abcd=admin%7Cfoo; path=/',
      'authorization: Bearer tok_abcdef123456',
      'x-api-key=sk-ant-api03-AbC_dEf-123',
    ].join('\n');
    const out = redact(text);
    for (const secret of [
      '3f9a1b2c4d',
      'a1b2c3d4e5',
      '9e8d7c6b5a',
      'editor1%7C1700000000%7Csecret',
      'admin%7Cfoo',
      'tok_abcdef123456',
      'AbC_dEf-123',
    ]) {
      expect(out).not.toContain(secret);
    }
    expect(out).toContain('action=trash');
  });

  it('a WordPress 5xx body is logged redacted, and the error shown carries none of it', () => {
    registerSecret('gw-live-7f3a9c2e41d04b6f8e21');
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    const body = JSON.stringify({
      code: 'internal_server_error',
      message: 'Fatal: key gw-live-7f3a9c2e41d04b6f8e21',
      data: {
        request: {
          headers: { 'X-WP-Nonce': '3f9a1b2c4d', cookie: 'wordpress_logged_in_ab=x%7Cy' },
        },
      },
    });
    const error = errorFromResponse(500, body, 'POST /wp/v2/posts/1');
    const out = captured(spy);
    expect(out).toContain('WordPress 500 on POST /wp/v2/posts/1');
    for (const secret of ['gw-live-7f3a9c2e41d04b6f8e21', '3f9a1b2c4d', 'x%7Cy']) {
      expect(out).not.toContain(secret);
      expect(error.message).not.toContain(secret);
    }
  });
});
