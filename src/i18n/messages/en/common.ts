/** Words used across the panel, the cards, the options page and the approvals view. */
export const common = {
  'app.name': 'Countersign',
  'language.auto': 'Same as the browser ({language})',
  'language.label': 'Language',
  'language.help':
    'The language of Countersign’s own words. The agent answers in your WordPress profile’s language.',
  'language.saved': 'Language saved. Open pages show it after a reload.',
  'action.close': 'Close',
  'action.cancel': 'Cancel',
  'action.retry': 'Try again',
  'action.save': 'Save',
  'state.loading': 'Loading…',
  'time.justNow': 'just now',
  'count.items': { one: '{count} item', other: '{count} items' },
} as const;
