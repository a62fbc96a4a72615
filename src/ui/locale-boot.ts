import { currentDirection, currentLocale, resolveLocale, setLocale } from '../i18n';
import { loadPageLanguage } from '../i18n/page-language';
import { logger } from '../shared/log';
import { readUiLanguage } from '../settings/ui-language';

const log = logger('locale');

/**
 * Sets the page's language before its first render (issue 37): the person's choice, else the
 * browser's first language we ship; `<html lang dir>` follow, so that screen readers speak
 * the right language and right-to-left languages lay out from the right. Pages already open
 * keep their language until reloaded (a panel reloading by itself would lose what the person
 * was typing); the options page reloads itself when the person changes it. Only that
 * language's words are loaded (`loadPageLanguage`).
 */
export async function bootLocale(): Promise<void> {
  const choice = await readUiLanguage().catch(() => 'auto' as const);
  const tag = resolveLocale(choice, navigator.languages);
  // Only the shown language's words are loaded; if its chunk cannot be, the page speaks English.
  await loadPageLanguage(tag).then(
    () => setLocale(tag),
    (error: unknown) => log.warn(`could not load the words of ${tag}`, error),
  );
  document.documentElement.lang = currentLocale();
  document.documentElement.dir = currentDirection();
}
