import type { Translation } from '../../message';
import type { common as en } from '../en/common';

/** Wörter, die Seitenleiste, Karten, Einstellungen und Freigabeansicht gemeinsam nutzen. */
export const common: Translation<typeof en> = {
  'app.name': 'Countersign',
  'language.auto': 'Wie der Browser ({language})',
  'language.label': 'Sprache',
  'language.help':
    'Die Sprache der Texte von Countersign. Der Agent antwortet in der Sprache Ihres WordPress-Profils.',
  'language.saved': 'Sprache gespeichert. Geöffnete Seiten zeigen sie nach dem Neuladen.',
  'action.close': 'Schließen',
  'action.cancel': 'Abbrechen',
  'action.retry': 'Erneut versuchen',
  'action.save': 'Speichern',
  'state.loading': 'Wird geladen …',
  'time.justNow': 'gerade eben',
  'count.items': { one: '{count} Eintrag', other: '{count} Einträge' },
};
