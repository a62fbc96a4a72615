import { loadPageLanguage } from '../../../src/i18n/page-language';
import { useTranslations } from '../../../src/i18n/t';
import { workerTranslations } from '../../../src/i18n/worker-sections';

/**
 * The languages as the background worker has them: only its own sections
 * (src/i18n/worker-sections.ts), so a worker test in German fails when the worker would need
 * a word it does not carry. Call in `beforeAll` (unit files share their worker's modules).
 */
export function workerLanguages(): void {
  useTranslations('de', workerTranslations.de);
  useTranslations('he', workerTranslations.he);
}

/** The languages as a page has them: each one loaded as the page loads it. */
export async function pageLanguages(): Promise<void> {
  await loadPageLanguage('de');
  await loadPageLanguage('he');
}
