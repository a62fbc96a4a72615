import type { Translation } from '../../message';
import type { optionsSite as source } from '../en/options-site';

/**
 * Das Protokoll einer Website auf der Einstellungsseite. Ein „Eintrag“ ist, wie im übrigen
 * Protokoll, was der Agent getan hat (englisch „record“); ein „Kettenglied“ ist ein Glied
 * der Protokollkette der Website (englisch „entry“).
 */
export const optionsSite: Translation<typeof source> = {
  'list.titleLoading': 'Einträge auf {site}',
  'list.titleEveryone': 'Einträge aller Benutzer auf {site}',
  'list.titleMine': 'Ihre Einträge auf {site}',
  'list.userId': 'Benutzer-ID',
  'list.filter': 'Filtern',
  'list.page': 'Seite {page}',
  'list.pageRecords': {
    one: 'Seite {page}, {count} Eintrag',
    other: 'Seite {page}, {count} Einträge',
  },
  'list.empty': 'Kein Eintrag auf der Website passt zu diesen Filtern.',
  'list.caption': 'Die Protokolleinträge der Website, die neuesten zuerst',
  'list.user': 'Benutzer',
  'list.changed': 'in der Datenbank geändert',
  'chain.checking': 'Die Protokollkette der Website wird geprüft…',
  'chain.error': 'Die Website konnte ihre Protokollkette nicht prüfen: {message}',
  'chain.checkAgain': 'Erneut prüfen',
  'chain.empty': 'Die Website hat noch keine Protokolleinträge; es gibt nichts zu prüfen.',
  'chain.intact': {
    one: 'Das Protokoll der Website ist unversehrt: Sein einziges Kettenglied ist vorhanden, und jeder Eintrag stimmt mit dem überein, was die Website empfangen hat.',
    other:
      'Das Protokoll der Website ist unversehrt: Alle {count} Kettenglieder sind verknüpft, und jeder Eintrag stimmt mit dem überein, was die Website empfangen hat.',
  },
  'chain.brokenAt':
    'Das Protokoll der Website wurde manipuliert: Seine Kette bricht bei Kettenglied {entry}. Auf Einträge ab dieser Stelle ist als Nachweis kein Verlass.',
  'chain.broken':
    'Das Protokoll der Website wurde manipuliert: Seine Kette bricht. Auf Einträge ab dieser Stelle ist als Nachweis kein Verlass.',
  'chain.entry': 'Kettenglied {entry}',
  'chain.entryOfRecord': 'Kettenglied {entry} (Eintrag {record})',
  'chain.anEntry': 'Ein Kettenglied',
  'chain.anEntryOfRecord': 'Ein Kettenglied (Eintrag {record})',
  'chain.record': 'Eintrag {record}',
  'chain.recordAt': 'Eintrag {record} (Kettenglied {entry})',
  'chain.aRecord': 'Ein Eintrag',
  'chain.aRecordAt': 'Ein Eintrag (Kettenglied {entry})',
  'chain.missing': '{subject} fehlt: Es wurde aus der Datenbank gelöscht.',
  'chain.unlinked':
    '{subject} schließt nicht an das Kettenglied davor an: Ein früheres Kettenglied wurde entfernt oder geändert.',
  'chain.altered':
    '{subject} wurde in der Datenbank geändert, nachdem die Website es geschrieben hatte.',
  'chain.truncated':
    '{subject} und die Kettenglieder danach fehlen: Das Ende der Kette wurde gelöscht.',
  'chain.changed':
    '{subject} wurde in der Datenbank geändert, nachdem die Website ihn empfangen hatte.',
  'chain.deleted':
    '{subject} wurde aus der Datenbank gelöscht (nicht durch die Aufbewahrungseinstellung).',
  'chain.unchained':
    '{subject} steht in der Datenbank, aber nicht in der Kette: Er wurde von Hand eingefügt, nicht von der Website empfangen.',
  'export.exporting': 'Wird exportiert…',
  'export.done': { one: '{count} Eintrag exportiert.', other: '{count} Einträge exportiert.' },
  'export.chainUnknown':
    'Die Website hat nicht mitgeteilt, ob ihre Protokollkette unversehrt ist; für diese Datei kann daher niemand bürgen.',
  'export.chainIntact': {
    one: 'Die Website hat ihre Protokollkette geprüft: unversehrt ({count} Kettenglied).',
    other: 'Die Website hat ihre Protokollkette geprüft: unversehrt ({count} Kettenglieder).',
  },
  'export.chainBrokenAt':
    'Warnung: Die Protokollkette der Website ist bei Kettenglied {entry} gebrochen; diese Datei enthält, was die Datenbank jetzt enthält, und das kann manipuliert worden sein.',
  'export.chainBroken':
    'Warnung: Die Protokollkette der Website ist gebrochen; diese Datei enthält, was die Datenbank jetzt enthält, und das kann manipuliert worden sein.',
  'attest.title': 'Wer für diesen Eintrag bürgt',
  'attest.none':
    'Das Plugin dieser Website bestätigt seine Einträge nicht: Alles Folgende hat der Browser gemeldet.',
  'attest.seenBySite': 'Von der Website gesehen',
  'attest.reportedByBrowser': 'Vom Browser gemeldet (die Website hat dies nicht gesehen)',
  'attest.decidedBy': 'Entschieden von',
  'attest.created': 'Erstellt',
  'attest.steps': 'Schritte',
  'attest.step': '{status} am {when}',
  'attest.sentBy': 'Gesendet von',
  'attest.received': 'Empfangen',
  'attest.lastReceived': 'Letzte Fassung empfangen',
  'attest.decidedOnSite': 'Auf der Website entschieden',
  'attest.decided': '{status} von {person}, am {when}',
  'attest.expired': 'Abgelaufen: Niemand hat rechtzeitig entschieden, am {when}',
  'attest.written': 'Geschrieben',
  'attest.writtenBySite': 'von der Website selbst (der Browser hat nichts gemeldet)',
  'person.user': 'Benutzer {id}',
  'person.named': '{name} (Benutzer {id})',
  'person.withLogin': '{name} ({login}, Benutzer {id})',
};
