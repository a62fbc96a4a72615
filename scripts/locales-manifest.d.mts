/** A catalogue key as a Chrome message name (`action.title` → `action_title`). */
export function chromeMessageName(key: string): string;
/** `__MSG_<name>__` for a manifest key. */
export function msg(key: string): string;
/** One `_locales/<lang>/messages.json` per language, from each catalogue's `manifest` section. */
export function localeFiles(
  catalogues: Record<string, { manifest: Readonly<Record<string, unknown>> }>,
): { relativeDest: string; contents: string }[];
