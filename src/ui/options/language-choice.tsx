import { useEffect, useState } from 'preact/hooks';
import { languageName, SHIPPED_LOCALES, t, type UiLanguageChoice } from '../../i18n';
import { resolveLocale } from '../../i18n';
import { readUiLanguage, writeUiLanguage } from '../../settings/ui-language';

/** Each shipped language named in its own language ("English", "Deutsch"). */
function ownName(tag: string): string {
  const name = new Intl.DisplayNames([tag], { type: 'language' }).of(tag) ?? tag;
  return name.charAt(0).toLocaleUpperCase(tag) + name.slice(1);
}

/**
 * The language of Countersign's own words (issue 37): follow the browser, or one shipped
 * language. Saving reloads the page so that it speaks the new language at once; other open
 * pages follow on their next load.
 */
export function LanguageChoice() {
  const [choice, setChoice] = useState<UiLanguageChoice | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    void readUiLanguage().then(setChoice);
  }, []);
  const browser = resolveLocale('auto', navigator.languages);
  const pseudo =
    choice !== null && !(choice === 'auto' || SHIPPED_LOCALES.includes(choice as never));

  async function save(value: string) {
    setBusy(true);
    setError(null);
    try {
      await writeUiLanguage(value);
      location.reload();
    } catch (err) {
      setBusy(false);
      setError(t('options.language.failed', { reason: (err as Error).message }));
    }
  }

  return (
    <div class="opt-language">
      <label for="ui-language">{t('common.language.label')}</label>
      <select
        id="ui-language"
        value={choice ?? 'auto'}
        disabled={choice === null || busy}
        aria-describedby="ui-language-hint"
        onChange={(e) => void save((e.currentTarget as HTMLSelectElement).value)}
      >
        <option value="auto">
          {t('common.language.auto', { language: languageName(browser) })}
        </option>
        {SHIPPED_LOCALES.map((tag) => (
          <option key={tag} value={tag} lang={tag} data-i18n-exempt="a language's own name">
            {ownName(tag)}
          </option>
        ))}
        {pseudo && (
          <option value={choice!} data-i18n-exempt="a language's own name">
            {choice}
          </option>
        )}
      </select>
      <p id="ui-language-hint" class="opt-hint">
        {busy ? t('options.language.saving') : t('common.language.help')}
      </p>
      {error && (
        <p class="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
