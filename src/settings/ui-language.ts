import { storage } from '#imports';
import { isUiLanguageChoice, type UiLanguageChoice } from '../i18n';

/**
 * The person's language choice for Countersign's own words (issue 37): `auto` follows the
 * browser. It lives in `chrome.storage.local`, not the sealed settings store, because every
 * page reads it before its first paint. A content script could write it (as any local
 * item): the worst it can do is switch the display language to another shipped one, as the
 * value is checked against the shipped set on every read; no decision, rule or card's
 * content depends on it (docs/security.md).
 */
const ITEM = 'local:uiLanguage' as const;

/** The stored choice; anything unknown or damaged reads as `auto`. */
export async function readUiLanguage(): Promise<UiLanguageChoice> {
  const value = await storage.getItem<unknown>(ITEM);
  return isUiLanguageChoice(value) ? value : 'auto';
}

/** Stores the choice; a value outside the shipped set is refused with the field named. */
export async function writeUiLanguage(choice: unknown): Promise<UiLanguageChoice> {
  if (!isUiLanguageChoice(choice)) {
    throw new Error(`Language: "${String(choice)}" is not one Countersign speaks.`);
  }
  await storage.setItem(ITEM, choice);
  return choice;
}

/** Calls `listener` with each later change of the choice; returns the unsubscribe. */
export function watchUiLanguage(listener: (choice: UiLanguageChoice) => void): () => void {
  return storage.watch<unknown>(ITEM, (value) =>
    listener(isUiLanguageChoice(value) ? value : 'auto'),
  );
}
