/**
 * The extension's words in the person's language (issue 37). Import from here:
 * `t` for messages, the formatters for dates and numbers, `setLocale` once per page.
 */
export { currentDirection, currentLocale, setLocale, t } from './t';
export type { MessageKey } from './catalogue';
export {
  formatClock,
  formatDate,
  formatDateTime,
  formatDecimal,
  formatList,
  formatNumber,
  formatRelative,
  languageName,
} from './format';
export {
  directionOf,
  isUiLanguageChoice,
  PSEUDO_LOCALE,
  PSEUDO_RTL_LOCALE,
  resolveLocale,
  SHIPPED_LOCALES,
  type ShippedLocale,
  type UiLanguageChoice,
  type UiLocale,
} from './locales';
export { statusLabel } from './post-status';
