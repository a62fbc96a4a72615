import { useTranslations } from './t';
import type { UiLocale } from './locales';

/**
 * Loads the words of the one language a page shows (issue 35: no bundle holds every
 * language). English is built in; German and Hebrew are chunks of their own, fetched from the
 * extension before the page's first render. Resolves once `t` can speak `tag`.
 */
export async function loadPageLanguage(tag: UiLocale): Promise<void> {
  if (tag === 'de') useTranslations('de', (await import('./messages/de')).de);
  if (tag === 'he') useTranslations('he', (await import('./messages/he')).he);
}
