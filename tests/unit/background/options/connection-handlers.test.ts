import { beforeEach, describe, expect, it } from 'vitest';
import { writeApiKey } from '../../../../src/settings/api-key';
import { writeConnectionSettings } from '../../../../src/settings/connection-store';
import { ConnectionTestViewSchema } from '../../../../src/shared/protocols/options-protocol';
import { optionsHarness } from '../../options/support';

const KEY = 'sk-ant-api03-AbCdEfGhIjKlMnOpQrStUvWx-abcd';
let h: ReturnType<typeof optionsHarness>;

beforeEach(() => {
  h = optionsHarness();
});

describe('Test connection (R4, S3)', () => {
  it('without a saved key says so and calls nothing', async () => {
    const result = await h.send({ type: 'options-connection-test' });
    expect(result).toEqual({ status: 'no-key', message: expect.stringMatching(/No API key/) });
    expect(h.tested).toEqual([]);
  });

  it('tests the saved key against the saved base URL; the reply never carries the key', async () => {
    await writeApiKey(KEY);
    await writeConnectionSettings({ apiBaseUrl: 'http://127.0.0.1:4100' });
    const reply = await h.handle({ type: 'options-connection-test' });
    expect(h.tested).toEqual([{ apiKey: KEY, apiBaseUrl: 'http://127.0.0.1:4100' }]);
    expect(reply.ok && ConnectionTestViewSchema.parse(reply.value).status).toBe('ok');
    expect(JSON.stringify(reply)).not.toContain(KEY);
  });

  it('passes a refused key on as a sentence', async () => {
    await writeApiKey(KEY);
    h.setConnectionResult({
      status: 'invalid-key',
      message: 'api.anthropic.com refused this API key (401).',
    });
    expect(await h.send({ type: 'options-connection-test' })).toEqual({
      status: 'invalid-key',
      message: 'api.anthropic.com refused this API key (401).',
    });
  });
});
