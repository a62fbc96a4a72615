import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { workerLanguages } from '../support/languages';
import { setLocale } from '../../../src/i18n';
import { awaiting, decisionFor, newThread } from '../run/support/flow';
import { reply, toolUse } from '../run/support/scripted-model';
import { OWNER, World } from '../run/support/world';

beforeAll(workerLanguages);

afterEach(() => setLocale('en'));

describe('issue 37: what the run loop tells the person follows their language', () => {
  it('a refused decision says why in German, and the reason on the card too (G7, G3)', async () => {
    setLocale('de');
    const world = new World();
    const worker = world.worker();
    const threadId = await newThread(worker);
    world.model.script.push(reply(toolUse('wp_update_post', { id: 1, title: 'New' })));
    const card = awaiting(await worker.runs.send(threadId, 'Go', OWNER));
    expect(card.reason).toBe(
      'Dieser Aufruf von „Update post“ wäre sofort öffentlich sichtbar (er landet nicht als Entwurf), daher fragt er nach.',
    );
    const out = await worker.runs.decide(
      threadId,
      decisionFor(card, { payloadHash: 'f'.repeat(64) }),
    );
    expect(out.decision).toMatchObject({
      kind: 'refused',
      error: {
        code: 'decision-wrong-hash',
        message:
          'Die Entscheidung passt nicht zu dem wartenden Aufruf (anderer Prüfwert der Daten).',
      },
    });
  });
});
