import type { Translation } from '../../message';
import type { options as en } from '../en/options';

/** Die Einstellungsseite. */
export const options: Translation<typeof en> = {
  'page.skip': 'Zum Inhalt springen',
  'page.title': 'Countersign-Einstellungen',
  'page.intro':
    'Für Administratoren: die Verbindung des Agenten, die Regeln, die jeder Aufruf durchläuft, und das Protokoll dessen, was geschah.',
  'page.nav': 'Bereiche der Einstellungen',
  'nav.connection': 'Verbindung',
  'nav.rules': 'Freigaberegeln',
  'nav.audit': 'Protokoll',
  'nav.sync': 'Protokoll der Website',
  'nav.refused': 'Abgelehnte Aufrufe',
  'nav.retention': 'Aufbewahrung & Ablauf',
  'language.saving': 'Wird gespeichert …',
  'language.failed': 'Die Sprache konnte nicht gespeichert werden: {reason}',
};
