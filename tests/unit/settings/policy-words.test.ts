import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { workerLanguages } from '../support/languages';
import { WORDPRESS_TOOLS } from '../../../src/cms/wordpress/tools';
import { mergePolicies } from '../../../src/gate';
import { setLocale } from '../../../src/i18n';
import { summarizeRule } from '../../../src/settings/policy-summary';
import { tryRule } from '../../../src/settings/policy-try';

beforeAll(workerLanguages);

/**
 * Issue 37: what the options page says about a rule (its summary, "try it") is in the
 * person's language, and says which entry decided, never the model's English deny reason.
 */
const tool = (name: string) => WORDPRESS_TOOLS.find((t) => t.name === name)!;
const DRAFT_RULE = { '==': [{ var: 'facts.entity.status' }, 'draft'] };
const NONE = mergePolicies({}, {});
const draftCall = {
  input: { type: 'post', id: 12, title: 'T' },
  facts: { entity: { status: 'draft' } },
};
const reasonOf = (tried: ReturnType<typeof tryRule>) => (tried.ok ? tried.view.reason : null);

afterEach(() => setLocale('en'));

describe("a rule in the person's words", () => {
  it('reads in German with the values as they are', () => {
    setLocale('de');
    const rule = {
      and: [
        DRAFT_RULE,
        { in: [{ var: 'input.status' }, ['draft', 'pending']] },
        { '!': { var: 'input.content' } },
      ],
    };
    expect(summarizeRule(rule)).toBe(
      'Gibt einen Aufruf automatisch frei, wenn gilt: der aktuelle Status des Eintrags ist "draft" ' +
        'und das Feld „status“ des Aufrufs ist einer der Werte "draft", "pending" ' +
        'und das Feld „content“ des Aufrufs ist nicht gesetzt. Jeder andere Aufruf fragt nach.',
    );
    expect(summarizeRule({ '<=': [1, { var: 'input.id' }, 9] })).toMatch(
      /das Feld „id“ des Aufrufs liegt zwischen 1 und 9/,
    );
  });

  it('says "is" for one missing field and "are" for two', () => {
    expect(summarizeRule({ missing: ['input.a'] })).toMatch(/"input.a" is missing\./);
    expect(summarizeRule({ missing: ['input.a', 'input.b'] })).toMatch(
      /"input.a", "input.b" are missing\./,
    );
    setLocale('de');
    expect(summarizeRule({ missing: ['input.a', 'input.b'] })).toMatch(
      /"input.a", "input.b" fehlen\./,
    );
  });

  it('keeps a value that looks like a placeholder as typed', () => {
    expect(summarizeRule({ '==': [{ var: 'input.title' }, '{condition}'] })).toBe(
      `Auto-approves a call when the call's "title" is "{condition}". Any other call asks.`,
    );
  });
});

describe('"try it" says which entry decided', () => {
  it('a managed refusal names the managed entry, in German too', () => {
    const managed = mergePolicies({ wp_update_post: { mode: 'deny' } }, {});
    const entry = { mode: 'ask', rule: DRAFT_RULE };
    expect(reasonOf(tryRule(tool('wp_update_post'), entry, draftCall, managed))).toBe(
      'The managed policy\'s entry "wp_update_post" refuses wp_update_post.',
    );
    setLocale('de');
    expect(reasonOf(tryRule(tool('wp_update_post'), entry, draftCall, managed))).toBe(
      'Der Eintrag „wp_update_post“ der verwalteten Richtlinie verweigert wp_update_post.',
    );
  });

  it("the admin's own refusal names the admin entry", () => {
    expect(reasonOf(tryRule(tool('wp_update_post'), { mode: 'deny' }, draftCall, NONE))).toBe(
      'The admin entry "wp_update_post" refuses wp_update_post.',
    );
  });

  it('why a call runs: the rule, or the admin entry (German)', () => {
    setLocale('de');
    const byRule = tryRule(
      tool('wp_update_post'),
      { mode: 'ask', rule: DRAFT_RULE },
      draftCall,
      NONE,
    );
    expect(reasonOf(byRule)).toBe('Die Regel gibt ihn frei: Der Aufruf läuft ohne Karte.');
    const read = { input: { type: 'post', id: 12 }, facts: {} };
    expect(reasonOf(tryRule(tool('wp_get_entity'), { mode: 'allow' }, read, NONE))).toBe(
      'Der Eintrag „wp_get_entity“ Ihrer Regeln erlaubt ihn: Der Aufruf läuft ohne Karte.',
    );
  });
});
