// Issue 34 item 4 (site side): the site's AI connection. On WordPress 7.0+ the site's Anthropic
// key (Connectors) answers the Messages API at /countersign/v1/model/v1/messages for people the
// admin allowed, within a daily limit; the key never reaches the browser. The scripted model
// server stands in for Anthropic (the test plugin points the upstream at it).
import Anthropic from '@anthropic-ai/sdk';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiKeyOf, ModelServer, turn } from '../../support/model-server';
import type { WpUserKey } from '../../support/wp-env';
import { api, as, php, seed, sql, userId } from './support';

const [major = 0] = seed.wpVersion.split('.').map(Number);
const hasConnectors = major >= 7;

const SITE_KEY = 'sk-ant-site-test-4f1c9e2a7b3d';
const OPTIONS = [
  'connectors_ai_anthropic_api_key',
  'countersign_site_model_enabled',
  'countersign_site_model_daily_limit',
  'countersign_test_model_upstream',
] as const;
type Option = (typeof OPTIONS)[number];

interface ModelState {
  available: boolean;
  reason: string | null;
  message: string | null;
  dailyLimit: number;
  usedToday: number;
  keySource: string | null;
}
interface AnthropicError {
  type: 'error';
  error: { type: string; message: string };
  countersign: { reason: string };
}
interface Usage {
  day: string;
  users: Array<{
    id: number;
    name: string;
    requestsToday: number;
    inputTokensToday: number;
    outputTokensToday: number;
    requestsTotal: number;
    inputTokensTotal: number;
    outputTokensTotal: number;
  }>;
}

const MESSAGE = {
  model: 'claude-sonnet-4-5',
  max_tokens: 256,
  messages: [{ role: 'user', content: 'Hello' }],
};

/** Every body this site answered, to look for the key in at the end. */
const answered: string[] = [];

async function call<T>(
  who: WpUserKey | 'anon',
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  body?: unknown,
) {
  const res = await api<T>(who, method, path, body);
  answered.push(res.text);
  return res;
}

async function setOption(name: Option, value: string | number | null): Promise<void> {
  await php(
    value === null
      ? `delete_option(${JSON.stringify(name)});`
      : `update_option(${JSON.stringify(name)}, json_decode(${JSON.stringify(JSON.stringify(value))}), false);`,
  );
}

async function clearUsage(): Promise<void> {
  await php("delete_metadata('user', 0, 'countersign_site_model_usage', '', true);");
}

// The stack's PHP inherits this environment: a real ANTHROPIC_API_KEY would be the site's key.
const envKey = Boolean(process.env['ANTHROPIC_API_KEY']);

describe.runIf(!hasConnectors)(`WordPress ${seed.wpVersion} without Connectors`, () => {
  it("says the connection is unavailable (no-connectors) and refuses a request in Anthropic's shape", async () => {
    const state = await call<ModelState>('editor1', 'GET', '/model');
    expect(state.status).toBe(200);
    expect(state.body).toMatchObject({
      available: false,
      reason: 'no-connectors',
      keySource: null,
    });
    expect(state.body.message).toMatch(/WordPress 7\.0/);
    const refused = await call<AnthropicError>('editor1', 'POST', '/model/v1/messages', MESSAGE);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      type: 'error',
      error: { type: 'permission_error', message: state.body.message },
      countersign: { reason: 'no-connectors' },
    });
  });
});

describe.runIf(hasConnectors)(`the site's AI connection on WordPress ${seed.wpVersion}`, () => {
  let model: ModelServer;
  let saved: Record<Option, unknown>;

  beforeAll(async () => {
    saved = JSON.parse(
      await php(
        `$o = array(); foreach (json_decode('${JSON.stringify(OPTIONS)}') as $n) { $o[$n] = get_option($n, null); } echo json_encode($o);`,
      ),
    ) as Record<Option, unknown>;
    model = await ModelServer.start();
    await setOption('countersign_test_model_upstream', model.url);
    await setOption('connectors_ai_anthropic_api_key', null);
    await setOption('countersign_site_model_enabled', null);
    await setOption('countersign_site_model_daily_limit', null);
    await clearUsage();
  });

  afterAll(async () => {
    for (const name of OPTIONS) {
      const value = saved[name];
      await setOption(name, value === null ? null : (value as string | number));
    }
    await clearUsage();
    await model?.close();
    // Never the key, in anything this site answered.
    expect(answered.length).toBeGreaterThan(5);
    for (const text of answered) expect(text).not.toContain(SITE_KEY);
  });

  beforeEach(() => {
    model.setScript([]);
  });

  it('asks for a login: 401 for an anonymous caller, on both routes', async () => {
    expect((await call('anon', 'GET', '/model')).status).toBe(401);
    const post = await call<{ code: string }>('anon', 'POST', '/model/v1/messages', MESSAGE);
    expect(post.status).toBe(401);
    expect(post.body.code).toBe('rest_forbidden');
  });

  it.runIf(!envKey)('without a key: no-key, and a refusal that says to ask the admin', async () => {
    const state = await call<ModelState>('admin', 'GET', '/model');
    expect(state.body).toMatchObject({
      available: false,
      reason: 'no-key',
      keySource: null,
      dailyLimit: 100,
      usedToday: 0,
    });
    expect(state.body.message).toMatch(/admin/);
    const refused = await call<AnthropicError>('editor1', 'POST', '/model/v1/messages', MESSAGE);
    expect(refused.status).toBe(403);
    expect(refused.body.countersign.reason).toBe('no-key');
    expect(model.requests).toHaveLength(0);
  });

  it('with a key the admin has not allowed: disabled; the admin alone learns where the key is', async () => {
    await setOption('connectors_ai_anthropic_api_key', SITE_KEY);
    const admin = await call<ModelState>('admin', 'GET', '/model');
    expect(admin.body).toMatchObject({
      available: false,
      reason: 'disabled',
      keySource: envKey ? 'env' : 'database',
    });
    const editor = await call<ModelState>('editor1', 'GET', '/model');
    expect(editor.body).toMatchObject({ available: false, reason: 'disabled', keySource: null });
    expect(editor.body.message).toMatch(/Settings → Countersign/);
    const refused = await call<AnthropicError>('editor1', 'POST', '/model/v1/messages', MESSAGE);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      type: 'error',
      error: { type: 'permission_error', message: editor.body.message },
      countersign: { reason: 'disabled' },
    });
    expect(model.requests).toHaveLength(0);
  });

  it('the settings turn it on and set the limit; a subscriber is not allowed', async () => {
    const put = await call<Record<string, unknown>>('admin', 'PUT', '/settings', {
      siteModelEnabled: true,
      siteModelDailyLimit: 50,
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ siteModelEnabled: true, siteModelDailyLimit: 50 });
    const bad = await call<{ code: string; data: { field: string } }>('admin', 'PUT', '/settings', {
      siteModelDailyLimit: 0,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.data.field).toBe('siteModelDailyLimit');
    expect((await call('admin', 'GET', '/settings')).body).toMatchObject({
      siteModelEnabled: true,
      siteModelDailyLimit: 50,
    });

    const subscriber = await call<ModelState>('subscriber1', 'GET', '/model');
    expect(subscriber.body).toMatchObject({
      available: false,
      reason: 'not-allowed',
      dailyLimit: 50,
    });
    const refused = await call<AnthropicError>(
      'subscriber1',
      'POST',
      '/model/v1/messages',
      MESSAGE,
    );
    expect(refused.status).toBe(403);
    expect(refused.body.countersign.reason).toBe('not-allowed');
    expect((await call<ModelState>('editor1', 'GET', '/model')).body).toMatchObject({
      available: true,
      reason: null,
      message: null,
    });
    expect(model.requests).toHaveLength(0);
  });

  it('forwards a request with the site key and nothing of the browser, and passes the answer back', async () => {
    model.setScript([
      turn.text('Hello from the site', { usage: { input_tokens: 11, output_tokens: 7 } }),
    ]);
    const editor = await as('editor1');
    const res = await editor.rest<Anthropic.Message>(
      'POST',
      '/countersign/v1/model/v1/messages',
      MESSAGE,
      {
        headers: {
          'anthropic-version': '2023-06-01',
          'anthropic-beta': 'tools-2024-04-04',
          'x-api-key': 'sk-ant-browser',
        },
      },
    );
    answered.push(res.text);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      type: 'message',
      role: 'assistant',
      content: [{ type: 'text', text: 'Hello from the site' }],
    });
    expect(res.body.usage).toMatchObject({ input_tokens: 11, output_tokens: 7 });
    const sent = model.messageRequests.at(-1)!;
    expect(apiKeyOf(sent)).toBe(SITE_KEY);
    expect(sent.headers['anthropic-version']).toBe('2023-06-01');
    expect(sent.headers['anthropic-beta']).toBe('tools-2024-04-04');
    expect(sent.headers['cookie']).toBeUndefined();
    expect(sent.headers['x-wp-nonce']).toBeUndefined();
    expect(sent.headers['authorization']).toBeUndefined();
    expect(sent.body).toEqual(MESSAGE);
    const state = await call<ModelState>('editor1', 'GET', '/model');
    expect(state.body.usedToday).toBe(1);
  });

  it('streams through the SDK: events arrive as the model writes them, and the tokens are counted', async () => {
    model.setScript([
      turn.text('One two three four five six seven', {
        usage: { input_tokens: 21, output_tokens: 9 },
        chunkSize: 4,
        delayMs: 150,
      }),
    ]);
    const editor = await as('editor1');
    const arrivals: number[] = [];
    const client = new Anthropic({
      apiKey: 'unused',
      baseURL: `${seed.origins.primary.restRoot}countersign/v1/model`,
      maxRetries: 0,
      fetch: async (url: string | URL | Request, init?: RequestInit) => {
        // As the extension sends it: the person's cookie and nonce, no key.
        const headers = new Headers(init?.headers);
        headers.delete('x-api-key');
        headers.delete('authorization');
        headers.set('x-wp-nonce', editor.nonce);
        const res = await editor.fetch(String(url instanceof Request ? url.url : url), {
          ...init,
          headers,
        });
        expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
        // Time each chunk's arrival, to see that the site did not hold the stream back.
        const timed = res.body!.pipeThrough(
          new TransformStream<Uint8Array, Uint8Array>({
            transform(chunk, controller) {
              arrivals.push(Date.now());
              controller.enqueue(chunk);
            },
          }),
        );
        return new Response(timed, { status: res.status, headers: res.headers });
      },
    });
    const stream = client.messages.stream({
      ...MESSAGE,
      messages: [{ role: 'user', content: 'Count' }],
    });
    const texts: string[] = [];
    stream.on('text', (t) => texts.push(t));
    const final = await stream.finalMessage();
    expect(final.content).toHaveLength(1);
    expect(final.content[0]).toMatchObject({
      type: 'text',
      text: 'One two three four five six seven',
    });
    expect(texts.length).toBeGreaterThan(3);
    expect(final.usage).toMatchObject({ input_tokens: 21, output_tokens: 9 });
    // 9 deltas 150 ms apart: a site that buffered would deliver everything at once.
    expect(arrivals.length).toBeGreaterThan(3);
    expect(arrivals.at(-1)! - arrivals[0]!).toBeGreaterThan(600);
    const sent = model.messageRequests.at(-1)!;
    expect(apiKeyOf(sent)).toBe(SITE_KEY);
    expect(sent.headers['cookie']).toBeUndefined();
    expect((sent.body as { stream?: boolean }).stream).toBe(true);

    const usage = await call<Usage>('admin', 'GET', '/model/usage');
    const row = usage.body.users.find((u) => u.id === Number(userId('editor1')));
    expect(row).toMatchObject({
      requestsToday: 2,
      inputTokensToday: 11 + 21,
      outputTokensToday: 7 + 9,
      requestsTotal: 2,
    });
  });

  it('refuses a field it does not forward, naming it, and forwards nothing', async () => {
    const before = model.requests.length;
    const res = await call<AnthropicError>('editor1', 'POST', '/model/v1/messages', {
      ...MESSAGE,
      betas: ['x'],
    });
    expect(res.status).toBe(400);
    expect(res.body.type).toBe('error');
    expect(res.body.error.type).toBe('invalid_request_error');
    expect(res.body.error.message).toContain('"betas"');
    expect(res.body.countersign.reason).toBe('bad-request');
    for (const body of [
      { ...MESSAGE, max_tokens: 0 },
      { ...MESSAGE, messages: [] },
      { ...MESSAGE, model: 'a b' },
      [MESSAGE],
    ]) {
      const bad = await call<AnthropicError>('editor1', 'POST', '/model/v1/messages', body);
      expect(bad.status).toBe(400);
      expect(bad.body.countersign.reason).toBe('bad-request');
    }
    expect(model.requests.length).toBe(before);
  });

  it('passes an upstream error through with its status', async () => {
    model.setScript([turn.error(529)]);
    const res = await call<{ type: string; error: { type: string } }>(
      'editor1',
      'POST',
      '/model/v1/messages',
      MESSAGE,
    );
    expect(res.status).toBe(529);
    expect(res.body).toMatchObject({ type: 'error', error: { type: 'overloaded_error' } });
  });

  it('says 502 when Anthropic cannot be reached', async () => {
    await setOption('countersign_test_model_upstream', 'http://127.0.0.1:9');
    try {
      const res = await call<AnthropicError>('editor1', 'POST', '/model/v1/messages', MESSAGE);
      expect(res.status).toBe(502);
      expect(res.body.error.type).toBe('api_error');
      expect(res.body.error.message).toMatch(/^The site could not reach Anthropic \(.+\)\.$/);
      expect(res.body.countersign.reason).toBe('upstream');
    } finally {
      await setOption('countersign_test_model_upstream', model.url);
    }
  });

  it('refuses an upstream that is not https (bad-upstream), before anything leaves', async () => {
    await setOption('countersign_test_model_upstream', 'http://example.com');
    try {
      const state = await call<ModelState>('editor1', 'GET', '/model');
      expect(state.body).toMatchObject({ available: false, reason: 'bad-upstream' });
    } finally {
      await setOption('countersign_test_model_upstream', model.url);
    }
  });

  it('stops at the daily limit: the third request of two allowed is refused and not forwarded', async () => {
    await clearUsage();
    await setOption('countersign_site_model_daily_limit', 2);
    model.setScript([turn.text('one'), turn.text('two'), turn.text('three')]);
    expect((await call('editor1', 'POST', '/model/v1/messages', MESSAGE)).status).toBe(200);
    expect((await call('editor1', 'POST', '/model/v1/messages', MESSAGE)).status).toBe(200);
    const before = model.requests.length;
    const third = await call<AnthropicError>('editor1', 'POST', '/model/v1/messages', MESSAGE);
    expect(third.status).toBe(403);
    expect(third.body.error.type).toBe('permission_error');
    expect(third.body.error.message).toMatch(/2 requests a day/);
    expect(third.body.countersign.reason).toBe('limit');
    expect(model.requests.length).toBe(before);
    expect((await call<ModelState>('editor1', 'GET', '/model')).body).toMatchObject({
      usedToday: 2,
      dailyLimit: 2,
    });
    // Another person has their own budget.
    model.setScript([turn.text('four')]);
    expect((await call('admin', 'POST', '/model/v1/messages', MESSAGE)).status).toBe(200);
  });

  it('shows the use to the admin only, most requests today first', async () => {
    const usage = await call<Usage>('admin', 'GET', '/model/usage');
    expect(usage.status).toBe(200);
    expect(usage.body.day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(usage.body.users.map((u) => u.id)).toEqual([
      Number(userId('editor1')),
      Number(userId('admin')),
    ]);
    expect(usage.body.users[0]).toMatchObject({
      name: expect.any(String),
      requestsToday: 2,
      requestsTotal: 2,
    });
    expect(usage.body.users[1]).toMatchObject({ requestsToday: 1, requestsTotal: 1 });
    // Kept where the contract says (the extension's e2e test clears it there).
    expect(
      await sql("SELECT COUNT(*) FROM wp_usermeta WHERE meta_key = 'countersign_site_model_usage'"),
    ).toEqual([['2']]);
    expect((await call('editor1', 'GET', '/model/usage')).status).toBe(403);
    expect((await call('anon', 'GET', '/model/usage')).status).toBe(401);
  });

  it('never shows the key, nor does GET /settings', async () => {
    const settings = await call('admin', 'GET', '/settings');
    expect(settings.text).not.toContain(SITE_KEY);
    expect(settings.text).not.toContain(SITE_KEY.slice(-8));
    const state = await call('admin', 'GET', '/model');
    expect(state.text).not.toContain(SITE_KEY.slice(-8));
  });
});
