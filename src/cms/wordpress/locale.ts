/** The language a person reads, as the agent is told it (issue 37 item 4). */
export interface PersonLanguage {
  /** A BCP 47 tag: a language, and a region when WordPress names one (`de-DE`, `ja`). */
  language: string;
  /** WordPress's `_formal` variants (German, Dutch): address the person formally. */
  formal?: true;
}

// WordPress locales: `ja`, `de_DE`, and variants such as `de_DE_formal` or `pt_PT_ao90`.
const WP_LOCALE = /^([a-z]{2,3})(?:_([A-Z]{2}))?(?:_([a-z0-9]{2,10}))?$/;

/**
 * A WordPress profile locale (`users/me` `locale`: the person's own, or the site's when they
 * chose none) as a language tag, or undefined when it is not a locale at all: it comes from
 * the site, and only a plain tag may reach the model's prompt.
 */
export function languageOfWpLocale(locale: string): PersonLanguage | undefined {
  const match = WP_LOCALE.exec(locale);
  if (!match) return undefined;
  const [, language, region, variant] = match;
  const tag = region ? `${language}-${region}` : language!;
  return variant === 'formal' ? { language: tag, formal: true } : { language: tag };
}
