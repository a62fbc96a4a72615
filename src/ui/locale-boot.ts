import { currentDirection, currentLocale, resolveLocale, setLocale } from '../i18n';
import { readUiLanguage } from '../settings/ui-language';

/**
 * Sets the page's language before its first render (issue 37): the person's choice, else the
 * browser's first language we ship; `<html lang dir>` follow, so that screen readers speak
 * the right language and right-to-left languages lay out from the right. Pages already open
 * keep their language until reloaded (a panel reloading by itself would lose what the person
 * was typing); the options page reloads itself when the person changes it.
 */
export async function bootLocale(): Promise<void> {
  const choice = await readUiLanguage().catch(() => 'auto' as const);
  setLocale(resolveLocale(choice, navigator.languages));
  document.documentElement.lang = currentLocale();
  document.documentElement.dir = currentDirection();
}
