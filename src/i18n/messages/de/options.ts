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
  'error.badReply': 'Der Hintergrunddienst hat Daten gesendet, die diese Seite nicht versteht.',
  'error.noAnswer':
    'Der Hintergrunddienst hat nicht geantwortet. Laden Sie diese Seite neu und versuchen Sie es noch einmal.',
  'language.saving': 'Wird gespeichert …',
  'language.failed': 'Die Sprache konnte nicht gespeichert werden: {reason}',
  // The connection section (issue 37).
  'connection.title': 'API-Verbindung',
  'connection.sourceLabel': 'Wie der Agent Claude erreicht',
  'connection.source.own-key': 'Mit meinem eigenen Anthropic-Schlüssel',
  'connection.source.own-keyHint':
    'Ihr Schlüssel bleibt in diesem Browser und geht nur an die API-Basis-URL unten.',
  'connection.source.site': 'Über die KI-Verbindung der Website, auf der ich arbeite',
  'connection.source.siteHint':
    'Für WordPress-7-Websites, deren Admin unter Einstellungen → Konnektoren einen Anthropic-Schlüssel hinterlegt und ihn unter Einstellungen → Countersign freigegeben hat. Der Schlüssel bleibt auf der Website, die Ihre Anfragen auf ihr Tageslimit anrechnet; hier ist kein Schlüssel nötig.',
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
  'connection.modelChoice': '{label}: {hint}',
  'connection.modelHint':
    'Wählen Sie eines aus oder geben Sie die Kennung ein, die Ihr Gateway verwendet.',
  'connection.save': 'Verbindung speichern',
  'connection.removeKey': 'Schlüssel entfernen',
  'connection.fixFields': 'Nichts wurde gespeichert: Korrigieren Sie die unten markierten Felder.',
  'connection.invalid.url.not-url':
    'Die API-Basis-URL ist keine URL (zum Beispiel https://api.anthropic.com).',
  'connection.invalid.url.scheme': 'Die API-Basis-URL muss mit https:// beginnen.',
  'connection.invalid.url.http':
    'Die API-Basis-URL muss https:// verwenden (http:// ist nur für localhost erlaubt).',
  'connection.invalid.url.credentials':
    'Die API-Basis-URL darf weder Benutzernamen noch Passwort enthalten.',
  'connection.invalid.url.query':
    'Die API-Basis-URL darf weder eine Abfrage (?) noch ein Fragment (#) enthalten.',
  'connection.invalid.url.v1':
    'Die API-Basis-URL darf nicht auf /v1 enden (Countersign fügt es selbst an).',
  'connection.invalid.key.short': 'Der API-Schlüssel ist zu kurz für einen API-Schlüssel.',
  'connection.invalid.key.long': 'Der API-Schlüssel ist zu lang für einen API-Schlüssel.',
  'connection.invalid.key.chars':
    'Der API-Schlüssel darf keine Leerzeichen oder ungewöhnlichen Zeichen enthalten.',
  'connection.invalid.model': 'Das Standardmodell muss eine Modell-ID sein, etwa {example}.',
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
  // Retention and expiry (issue 37).
  'retention.title': 'Aufbewahrung des Protokolls',
  'retention.keepAll': 'Jeden Eintrag behalten',
  'retention.daysLabel': 'Protokolleinträge behalten für (Tage)',
  'retention.daysHint':
    'Eine tägliche Bereinigung entfernt ältere Einträge. Aufrufe, die noch auf eine Entscheidung warten, werden nie entfernt.',
  'retention.save': 'Aufbewahrung speichern',
  'retention.purge': 'Jetzt bereinigen',
  'retention.purging': 'Wird bereinigt…',
  'retention.none': 'Es wurde noch keine Bereinigung ausgeführt.',
  'retention.daily': 'täglich',
  'retention.byHand': 'von Hand',
  'retention.lastFailed': 'Die letzte Bereinigung, {when} ({how}), ist fehlgeschlagen ({error}).',
  'retention.last': {
    one: 'Die letzte Bereinigung, {when} ({how}), hat {count} Eintrag entfernt, der älter als {days} Tage war.',
    other:
      'Die letzte Bereinigung, {when} ({how}), hat {count} Einträge entfernt, die älter als {days} Tage waren.',
  },
  'retention.savedAll': 'Gespeichert: Jeder Eintrag wird behalten.',
  'retention.savedDays':
    'Gespeichert: Einträge, die älter als {days} Tage sind, werden täglich entfernt.',
  'retention.purged': { one: '{count} Eintrag entfernt.', other: '{count} Einträge entfernt.' },
  'expiry.title': 'Wartende Freigaben',
  'expiry.hint':
    'Ein Aufruf, der auf Freigabe wartet, wird durch Warten nie zu einer Ablehnung. Wenn Sie möchten, kann er ablaufen: Er wird dann als abgelaufen protokolliert, der Agent erfährt es, und er wird nicht ausgeführt.',
  'expiry.on': 'Unbeantwortete Freigaben ablaufen lassen',
  'expiry.after': 'Unbeantwortete Freigaben ablaufen lassen nach',
  'expiry.unit': 'Einheit',
  'expiry.unit.minutes': 'Minuten',
  'expiry.unit.hours': 'Stunden',
  'expiry.unit.days': 'Tagen',
  'expiry.save': 'Ablauf speichern',
  'expiry.savedNever': 'Gespeichert: Freigaben warten, bis jemand entscheidet.',
};
