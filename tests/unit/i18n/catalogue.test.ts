import { describe, expect, it } from 'vitest';
import { lookup } from '../../../src/i18n/catalogue';
import { placeholdersOf, type Message } from '../../../src/i18n/message';
import { de } from '../../../src/i18n/messages/de';
import { en } from '../../../src/i18n/messages/en';
import { he } from '../../../src/i18n/messages/he';
import { localeFiles } from '../../../scripts/locales-manifest.mjs';

/** Every `section.key` of a catalogue with its message. */
function entries(catalogue: object): [string, Message][] {
  return Object.entries(catalogue).flatMap(([section, messages]) =>
    Object.entries(messages as Record<string, Message>).map(
      ([key, message]) => [`${section}.${key}`, message] as [string, Message],
    ),
  );
}

const SHIPPED = { de, he };

describe('issue 37: every shipped language has every message the English catalogue has', () => {
  for (const [lang, catalogue] of Object.entries(SHIPPED)) {
    it(`${lang}: no key missing, none extra`, () => {
      const source = entries(en)
        .map(([key]) => key)
        .sort();
      const translated = entries(catalogue)
        .map(([key]) => key)
        .sort();
      expect(translated.filter((key) => !source.includes(key))).toEqual([]);
      expect(source.filter((key) => !translated.includes(key))).toEqual([]);
    });

    it(`${lang}: each message uses the same placeholders as its English source`, () => {
      const wrong = entries(en).flatMap(([key, message]) => {
        const other = lookup(catalogue, key);
        if (other === undefined) return [];
        const want = placeholdersOf(message);
        const got = placeholdersOf(other);
        return JSON.stringify(want) === JSON.stringify(got) ? [] : [{ key, want, got }];
      });
      expect(wrong).toEqual([]);
    });

    it(`${lang}: plurals give every category the language needs, and nothing is empty`, () => {
      const needed = new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
      const wrong = entries(catalogue).flatMap(([key, message]) => {
        if (typeof message === 'string') return message.trim() ? [] : [`${key}: empty`];
        return needed.filter((c) => !(c in message)).map((c) => `${key}: no "${c}"`);
      });
      expect(wrong).toEqual([]);
    });
  }

  it('the manifest words go to _locales/<lang>/messages.json under Chrome-legal names', () => {
    const files = localeFiles({ en, de });
    const german = JSON.parse(
      files.find((f) => f.relativeDest === '_locales/de/messages.json')!.contents,
    );
    expect(Object.keys(german).every((name) => /^[A-Za-z0-9_]+$/.test(name))).toBe(true);
    expect(german.action_title.message).toBe(de.manifest['action.title']);
  });
});
