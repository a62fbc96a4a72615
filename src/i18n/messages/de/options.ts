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
  // The connection section (issue 37).
  'connection.title': 'API-Verbindung',
  'connection.keyLabel': 'API-Schlüssel',
  'connection.keySaved':
    'Ein Schlüssel ist gespeichert: {masked}. Lassen Sie das Feld leer, um ihn zu behalten.',
  'connection.keyNone':
    'Kein Schlüssel gespeichert: Countersign durchsucht dann Ihre Website und bietet Befehle an, ohne Agenten.',
  'connection.keyReplace': 'Neuen Schlüssel eingeben, um den gespeicherten zu ersetzen',
  'connection.baseUrlLabel': 'API-Basis-URL',
  'connection.baseUrlHint':
    'Die API von Anthropic oder ein Gateway, das deren Messages-API spricht. Countersign hängt /v1 selbst an.',
  'connection.modelLabel': 'Standardmodell',
  'connection.modelHint':
    'Wählen Sie eines aus oder geben Sie die Kennung ein, die Ihr Gateway verwendet.',
  'connection.save': 'Verbindung speichern',
  'connection.removeKey': 'Schlüssel entfernen',
  'connection.fixFields': 'Nichts wurde gespeichert: Korrigieren Sie die unten markierten Felder.',
  'connection.saved': 'Gespeichert.',
  'connection.notSaved': 'Nicht gespeichert.',
  'connection.keyRemoved': 'Der API-Schlüssel wurde entfernt.',
  'connection.test': 'Verbindung testen',
  'connection.testing': 'Wird getestet…',
  'connection.testHint':
    'Testet den gespeicherten Schlüssel und die Basis-URL; speichern Sie Ihre Änderungen vorher.',
  'sites.title': 'Zugriff auf Websites',
  'sites.hint':
    'Countersign liest und handelt nur auf Websites, die Sie freigegeben haben, aus der Seitenleiste der jeweiligen Website. Ein Widerruf beendet das sofort.',
  'sites.builtIn': 'eingebaut',
  'sites.builtInTitle': 'Bei der Installation für die lokale Entwicklungsumgebung freigegeben',
  'sites.revoke': 'Widerrufen',
  'sites.revokeSite': 'Zugriff auf {site}',
  'sites.none': 'Außer den eingebauten lokalen Websites ist noch keine freigegeben.',
};
