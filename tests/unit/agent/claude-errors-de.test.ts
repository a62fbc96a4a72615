// Every language WordPress speaks: a model call that failed is said in the thread in the
// person's language. These messages were English in every language (the words were written
// into the code); the real SDK and ClaudeModel, against the scripted model server.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setLocale } from '../../../src/i18n';
import { testConnection } from '../../../src/agent/claude/test-connection';
import { turn } from '../../support/model-server';
import { workerLanguages } from '../support/languages';
import { API_KEY, failure, modelFor, request, useModelServer } from './support';

const { server } = useModelServer();

beforeAll(workerLanguages);
afterEach(() => setLocale('en'));

describe('a failed model call, in German', () => {
  it('overloaded until the retries ran out: what happened, the retries, what to do, the thread kept', async () => {
    setLocale('de');
    server().setScript([529, 529, 529].map((status) => turn.error(status, { retryAfterMs: 1 })));
    const events: { type: string; reason?: string }[] = [];
    const model = modelFor(server(), { retry: { maxRetries: 2, baseDelayMs: 1 } });
    const error = await failure(model.generate(request('hallo'), (e) => events.push(e)));
    expect(error.message).toBe(
      'Claude ist gerade überlastet (529). Countersign hat es 2-mal erneut versucht. ' +
        'Versuchen Sie es in ein paar Minuten erneut oder wählen Sie ein anderes Modell. ' +
        'Der Verlauf bleibt erhalten: Senden Sie die Nachricht erneut, sobald das behoben ist.',
    );
    // The panel's "retrying" line carries the reason in the same language.
    expect(events[0]).toMatchObject({ type: 'retry', reason: 'Claude ist überlastet (529)' });
  });

  it('a refused key names where to set it, in German', async () => {
    setLocale('de');
    server().setScript([turn.error(401)]);
    const error = await failure(modelFor(server()).generate(request('hallo'), () => {}));
    expect(error.message).toContain('Claude hat den API-Schlüssel abgelehnt');
    expect(error.message).toContain('den Optionen von Countersign unter „Verbindung“');
  });

  it("the options page's connection test, in German", async () => {
    setLocale('de');
    const ok = await testConnection({ apiKey: API_KEY, apiBaseUrl: server().url });
    expect(ok.message).toMatch(
      /^Verbunden mit 127\.0\.0\.1:\d+: Dieser Schlüssel kann \d+ Modelle? nutzen\.$/,
    );
    const refused = await testConnection({
      apiKey: 'sk-ant-api03-wrong',
      apiBaseUrl: server().url,
    });
    expect(refused.message).toContain('hat diesen API-Schlüssel abgelehnt');
  });
});
