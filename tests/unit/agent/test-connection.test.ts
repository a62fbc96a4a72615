import { describe, expect, it } from 'vitest';
import { testConnection } from '../../../src/agent/claude';
import { API_KEY, closedPort, useModelServer } from './support';

const { server, consoleText } = useModelServer();

describe('testConnection (options page button)', () => {
  it('ok: counts the models the key may use, through GET /v1/models', async () => {
    const result = await testConnection({ apiKey: API_KEY, apiBaseUrl: server().url });
    expect(result).toMatchObject({ status: 'ok', modelCount: 3 });
    expect(result.message).toMatch(/3 model/);
    expect(server().requests[0]).toMatchObject({ method: 'GET', path: '/v1/models' });
  });

  it('a refused key: invalid-key, and the key is in neither the result nor the log', async () => {
    const badKey = 'sk-ant-api03-wrong-key-for-this-test-000000';
    const result = await testConnection({ apiKey: badKey, apiBaseUrl: server().url });
    expect(result.status).toBe('invalid-key');
    expect(result.message).toMatch(/refused this API key/);
    expect(JSON.stringify(result)).not.toContain(badKey);
    expect(consoleText()).not.toContain(badKey.slice(-12));
  });

  it('nothing listening: unreachable', async () => {
    const port = await closedPort();
    const result = await testConnection(
      { apiKey: API_KEY, apiBaseUrl: `http://127.0.0.1:${port}` },
      { timeoutMs: 2_000 },
    );
    expect(result.status).toBe('unreachable');
    expect(result.message).toContain(`127.0.0.1:${port}`);
  });
});
