import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { languageOfWpLocale } from '../../../../src/cms/wordpress/locale';

/** Issue 37 item 4: a WordPress profile locale as the language tag the agent is given. */
describe('languageOfWpLocale', () => {
  it.each([
    ['de_DE', { language: 'de-DE' }],
    ['de_DE_formal', { language: 'de-DE', formal: true }],
    ['pt_BR', { language: 'pt-BR' }],
    ['en_US', { language: 'en-US' }],
    ['he_IL', { language: 'he-IL' }],
    ['ja', { language: 'ja' }],
    ['fr_FR', { language: 'fr-FR' }],
    ['nl_NL_formal', { language: 'nl-NL', formal: true }],
    ['de_CH_informal', { language: 'de-CH' }],
    ['es_ES', { language: 'es-ES' }],
    ['zh_CN', { language: 'zh-CN' }],
    ['pt_PT_ao90', { language: 'pt-PT' }],
  ])('%s → %j', (locale, expected) => {
    expect(languageOfWpLocale(locale)).toEqual(expected);
  });

  it.each(['', 'de-DE', 'DE_de', 'de_DE<script>', 'x', 'de_DE_formal_extra', 'english'])(
    'refuses %j (not a WordPress locale)',
    (locale) => {
      expect(languageOfWpLocale(locale)).toBeUndefined();
    },
  );

  it('whatever the site sends, the answer is a plain language tag or nothing', () => {
    fc.assert(
      fc.property(fc.string(), (locale) => {
        const out = languageOfWpLocale(locale);
        if (out) expect(out.language).toMatch(/^[a-z]{2,3}(-[A-Z]{2})?$/);
      }),
    );
  });
});
