/**
 * Chrome's `_locales/<lang>/messages.json` for the manifest's words, written from the typed
 * catalogue's `manifest` section at build time, so that the catalogue stays the one source
 * (issue 37). Chrome's message names allow only letters, digits and `_`: `action.title`
 * becomes `action_title`, and the manifest names it `__MSG_action_title__`.
 */

/** A catalogue key as a Chrome message name. */
export function chromeMessageName(key) {
  return key.replace(/[^A-Za-z0-9_]/g, '_');
}

/** `__MSG_<name>__` for a manifest key. */
export function msg(key) {
  return `__MSG_${chromeMessageName(key)}__`;
}

/** The public files to generate: one messages.json per language. */
export function localeFiles(catalogues) {
  return Object.entries(catalogues).map(([lang, catalogue]) => ({
    relativeDest: `_locales/${lang}/messages.json`,
    contents: `${JSON.stringify(
      Object.fromEntries(
        Object.entries(catalogue.manifest).map(([key, message]) => [
          chromeMessageName(key),
          { message },
        ]),
      ),
      null,
      2,
    )}\n`,
  }));
}
