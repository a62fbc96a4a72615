import { resolveLocale, setLocale } from '../i18n';
import { useTranslations } from '../i18n/t';
import { workerTranslations } from '../i18n/worker-sections';
import { logger } from '../shared/log';
import { readUiLanguage, watchUiLanguage } from '../settings/ui-language';

const log = logger('locale');

/**
 * The worker speaks the person's language in what it composes (notifications, notices, card
 * titles; issue 37), and follows a change at once: unlike a page, it holds no typed text a
 * reload would lose. Until the choice is read (the first milliseconds of a start) it speaks
 * the browser's language.
 */
export function followUiLanguage(): void {
  useTranslations('de', workerTranslations.de);
  useTranslations('he', workerTranslations.he);
  setLocale(resolveLocale('auto', navigator.languages));
  readUiLanguage().then(
    (choice) => setLocale(resolveLocale(choice, navigator.languages)),
    (error: unknown) => log.warn('could not read the language choice', error),
  );
  watchUiLanguage((choice) => setLocale(resolveLocale(choice, navigator.languages)));
}
