import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { pageLanguages } from '../support/languages';
import {
  directionOf,
  formatNumber,
  formatRelative,
  PSEUDO_LOCALE,
  resolveLocale,
  setLocale,
  t,
} from '../../../src/i18n';
import { pseudoText } from '../../../src/i18n/pseudo';

beforeAll(pageLanguages);

afterEach(() => setLocale('en'));

describe('issue 37: t() speaks the chosen language', () => {
  it('fills placeholders as text and formats numbers in the locale', () => {
    setLocale('de');
    expect(t('common.language.auto', { language: 'Deutsch' })).toBe('Wie der Browser (Deutsch)');
    expect(t('common.count.items', { count: 1 })).toBe('1 Eintrag');
    expect(t('common.count.items', { count: 12345 })).toBe('12.345 Einträge');
    setLocale('en');
    expect(t('common.count.items', { count: 12345 })).toBe('12,345 items');
  });

  it('never interprets markup or placeholders inside a value', () => {
    expect(t('common.language.auto', { language: '<img src=x onerror=alert(1)> {language}' })).toBe(
      'Same as the browser (<img src=x onerror=alert(1)> {language})',
    );
  });

  it('formats relative times in the locale', () => {
    setLocale('de');
    const now = Date.UTC(2026, 11, 4, 12);
    expect(formatRelative(now - 2 * 3600_000, now)).toBe('vor 2 Stunden');
    expect(formatNumber(0.5)).toBe('0,5');
  });
});

describe('issue 37: which language the panel shows', () => {
  it('follows the browser to a shipped language, region or not, else English', () => {
    expect(resolveLocale('auto', ['de-AT', 'en'])).toBe('de');
    expect(resolveLocale('auto', ['fr-FR', 'de'])).toBe('de');
    expect(resolveLocale('auto', ['fr-FR'])).toBe('en');
    expect(resolveLocale('auto', [])).toBe('en');
  });

  it("the person's choice wins over the browser", () => {
    expect(resolveLocale('en', ['de-DE'])).toBe('en');
    expect(resolveLocale('de', ['en-US'])).toBe('de');
  });

  it('in Hebrew, a value inside a sentence is isolated so an English title cannot reorder it', () => {
    setLocale('he');
    const text = t('approvals.requestedBy', { name: 'Editor One (editor1)' });
    expect(text).toContain('\u2068Editor One (editor1)\u2069');
    expect(text).toMatch(/[\u0590-\u05ff]/);
    setLocale('de');
    expect(t('approvals.requestedBy', { name: 'Editor One' })).toBe('Angefordert von Editor One');
  });

  it('knows which languages are written right to left', () => {
    expect(directionOf('he-IL')).toBe('rtl');
    expect(directionOf('ar')).toBe('rtl');
    expect(directionOf('de')).toBe('ltr');
  });
});

describe('issue 37: the pseudo-locale marks every catalogue string', () => {
  it('brackets, accents and lengthens, keeping placeholders intact', () => {
    const text = pseudoText('Save {count} rules');
    expect(text.startsWith('⟦') && text.endsWith('⟧')).toBe(true);
    expect(text).toContain('{count}');
    expect(text).toContain('Šávé');
    expect(text.length).toBeGreaterThan('Save {count} rules'.length * 1.2);
    setLocale(PSEUDO_LOCALE);
    expect(t('common.count.items', { count: 3 })).toMatch(/^⟦3 íté.*⟧$/);
  });
});
