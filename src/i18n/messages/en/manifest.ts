/**
 * The manifest's words (name, description, toolbar button, keyboard command). The build
 * writes them to `_locales/<lang>/messages.json` (scripts/locales-manifest.mjs), where Chrome
 * reads them in the browser's language: Chrome's own UI cannot follow the options page.
 */
export const manifest = {
  name: 'Countersign',
  description:
    'An AI agent beside your CMS admin that changes nothing until a person countersigns.',
  'action.title': 'Open Countersign',
  'command.open': 'Open the Countersign side panel',
} as const;
