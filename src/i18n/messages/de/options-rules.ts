import type { Translation } from '../../message';
import type { optionsRules as source } from '../en/options-rules';

/** Die Freigaberegeln der Einstellungsseite. */
export const optionsRules: Translation<typeof source> = {
  loading: 'Die Regeln werden geladen…',
  title: 'Freigaberegeln',
  intro:
    'Jeder Aufruf des Agenten durchläuft diese Regeln, bevor etwas ausgeführt wird. Lesende Aufrufe laufen; alles mit einer Wirkung fragt nach, sofern Sie es hier nicht erlauben. Destruktive Werkzeuge, nicht eingestufte Werkzeuge und Änderungen, die sofort öffentlich würden, fragen immer nach.',
  sources:
    'Woher Regeln kommen, die stärkste zuerst: die verwaltete Richtlinie Ihrer Organisation, dann die Regeln der Website (auf Websites mit dem Countersign-Plugin, von deren Administratoren festgelegt), dann die Regeln dieses Browsers unten, dann die Vorgaben. Bei jedem Werkzeug steht, welche Quelle entscheidet.',
  managedOk:
    'Ihre Organisation legt einige dieser Regeln per Browser-Richtlinie fest. Diese Einträge sind gesperrt und haben Vorrang vor Ihren.',
  managedBroken:
    'Die Browser-Richtlinie Ihrer Organisation für Countersign kann nicht gelesen werden. Bis sie korrigiert ist, ignoriert Countersign alle Regeln und verwendet seine Vorgaben: Jede Wirkung fragt nach.',
  tools: 'Werkzeuge',
  problems: 'Probleme',
  saving: 'Wird gespeichert…',
  save: 'Regeln speichern',
  discard: 'Änderungen verwerfen',
  unsaved: 'Ungespeicherte Änderungen.',
  lastSaved: 'Zuletzt gespeichert {when}.',
  fixEntries: 'Nichts wurde gespeichert: Korrigieren Sie die unten markierten Einträge.',
  saved: 'Gespeichert. Das Gate wendet diese Regeln ab dem nächsten Aufruf an.',
  notSaved: 'Nichts wurde gespeichert. {reason}',
  notJson: 'Die Regel ist kein gültiges JSON{detail}.',
  'mode.label': 'Modus',
  'mode.allow': 'Erlauben: läuft ohne Nachfrage',
  'mode.once': 'Einmal: fragt beim ersten Aufruf in jedem Verlauf',
  'mode.ask': 'Fragen: fragt bei jedem Aufruf',
  'mode.deny': 'Verweigern: abgelehnt',
  'mode.blocked': '{mode} (hier nicht möglich, siehe unten)',
  'mode.defaultAllow': 'Vorgabe: erlauben (lesende Aufrufe laufen)',
  'mode.defaultAsk': 'Vorgabe: fragen',
  'mode.sameAsWildcard': 'Wie alle anderen Werkzeuge ("*": {mode})',
  'origin.managed': 'Die verwaltete Richtlinie Ihrer Organisation',
  'origin.site': 'Diese Website',
  'origin.siteFailed': 'Diese Website (ihre Regel ist nicht lesbar, also wird gefragt)',
  'origin.browser': 'Dieser Browser',
  'origin.default': 'Vorgabe',
  'origin.decides': 'entscheidet',
  'origin.on': ' auf {site}',
  'origin.wildcard': ' (ihre Regel für alle Werkzeuge)',
  'origin.browserOnlyElsewhere':
    '. Der Eintrag dieses Browsers gilt nur auf Websites ohne eigene Regel für dieses Werkzeug.',
  'lock.badge': 'Gesperrt',
  'lock.invalid':
    'Die verwaltete Richtlinie kann nicht gelesen werden, daher verwendet Countersign seine Vorgaben.',
  'lock.wildcard':
    'Von der verwalteten Richtlinie Ihrer Organisation festgelegt (ihr Eintrag "*": {mode}).',
  'lock.tool':
    'Von der verwalteten Richtlinie Ihrer Organisation festgelegt (ein Eintrag für dieses Werkzeug: {mode}).',
  managedRule: 'Verwaltete Regel: {rule}',
  'always.optIn':
    'Die Freigabe "*": "allow" ist aktiv: Dieses Werkzeug fragt nicht mehr von sich aus; sein Eintrag entscheidet.',
  'always.unclassified':
    'Dieses Werkzeug ist nicht eingestuft, daher fragt jeder Aufruf nach. Nur Fragen oder Verweigern ist möglich.',
  'always.destructive':
    'Dieses Werkzeug ist destruktiv, daher fragt jeder Aufruf nach, gleich welcher Modus. Nur Fragen oder Verweigern ist möglich.',
  'always.liveWrite':
    'Jeder Aufruf dieses Werkzeugs wird sofort öffentlich (er kann nicht als Entwurf landen), daher fragt jeder Aufruf nach. Nur Fragen oder Verweigern ist möglich.',
  'always.liveUnlessDraft':
    'Aufrufe, die sofort öffentlich würden, fragen immer nach. Aufrufe, die als Entwurf landen, folgen dem hier gesetzten Modus und der Regel.',
  'kind.unclassified': 'nicht eingestuft',
  'kind.read': 'lesen',
  'kind.write': 'schreiben',
  'kind.run': 'ausführen',
  'kind.send': 'senden',
  'kind.delete': 'löschen',
  'kind.destructive': '{kind}, destruktiv',
  'rule.summary': 'Regel für automatische Freigabe',
  'rule.set': ' (gesetzt)',
  'rule.label': 'Ohne Nachfrage freigeben, wenn (JSON-Logic über input und facts)',
  'rule.none': 'Keine Regel: Jeder Aufruf dieses Werkzeugs fragt nach (wie der Modus sagt).',
  'rule.notJsonYet': 'Die Regel ist noch kein gültiges JSON.',
  'rule.useExample': 'Das Beispiel verwenden: Der Eintrag ist ein Entwurf',
  'try.label': 'An einem Beispielaufruf ausprobieren',
  'try.hint':
    'Die Eingabe des Aufrufs und die Fakten, die Countersign vorher liest (etwa facts.entity.status).',
  'try.button': 'Ausprobieren',
  'try.allow': 'Läuft ohne Karte',
  'try.ask': 'Fragt nach (eine Karte)',
  'try.deny': 'Abgelehnt',
  'try.approves': 'Die Regel gibt diesen Aufruf frei.',
  'try.doesNotApprove': 'Die Regel gibt diesen Aufruf nicht frei.',
  'try.noRule': 'Keine Regel.',
  'try.inputProblem': 'Hinweis: Das Werkzeug würde dieses Beispiel ablehnen: {problem}',
  'try.notJson': 'Der Beispielaufruf ist kein gültiges JSON{detail}.',
  'wildcard.title': 'Alle anderen Werkzeuge',
  'wildcard.label': 'Modus für Werkzeuge ohne eigenen Eintrag',
  'wildcard.default': 'Kein Eintrag: Lesende Aufrufe laufen, alles andere fragt nach',
  'wildcard.locked': 'Von der verwalteten Richtlinie Ihrer Organisation gesperrt.',
  'wildcard.hint':
    'Erlauben ist hier die einzige Freigabe, mit der auch destruktive, nicht eingestufte und sofort öffentliche Aufrufe ohne Nachfrage laufen. Sie ist nie eine Vorgabe.',
  'wildcard.warningStrong': 'Jeder Aufruf liefe ohne Nachfrage',
  'wildcard.warning':
    ', auch das Löschen von Inhalten und das Veröffentlichen von Änderungen, außer bei Werkzeugen, deren eigener Eintrag etwas anderes sagt. Das Protokoll hält fest, wer dies eingeschaltet hat.',
  'wildcard.confirm': 'Zur Bestätigung tippen Sie:',
  'transfer.title': 'Export und Import',
  'transfer.export': 'Regeln exportieren (JSON)',
  'transfer.import': 'Eine Regeldatei importieren',
  'transfer.nothing': 'Nichts wurde importiert:',
  'transfer.loaded': {
    one: '{count} Eintrag aus {file} geladen. Nichts wird angewendet, bis Sie speichern.',
    other: '{count} Einträge aus {file} geladen. Nichts wird angewendet, bis Sie speichern.',
  },
  'site.show': 'Die Regeln anzeigen, die gelten auf',
  'site.withoutPlugin': 'Websites ohne das Countersign-Plugin (nur die Regeln dieses Browsers)',
  'site.unreadable': 'nicht lesbar, also wird gefragt',
  'site.unreadableBadge': ' nicht lesbar',
  'site.noRule': 'Keine Website-Regel (es gelten die Regeln jedes Browsers)',
  'site.ruleLabel': 'Website-Regel für {tool} (JSON-Logic, optional)',
  'site.rulePlaceholder': 'Optionale Regel, die passende Aufrufe freigibt, z. B. {example}',
  'site.title': 'Regeln von {site}',
  'site.intro':
    'Die Regeln der Website gelten für alle, die Countersign auf dieser Website nutzen, und haben Vorrang vor den Regeln jedes Browsers. Nur die verwaltete Richtlinie Ihrer Organisation ist stärker.',
  'site.limits':
    'Eine Website darf jedes Werkzeug verschärfen und einzelne Werkzeuge lockern, kann aber nie destruktive Aufrufe, nicht eingestufte Werkzeuge oder sofort öffentliche Änderungen ohne Nachfrage laufen lassen: Diese fragen immer nach, gleich was die Website sagt. Nur Ihre eigenen Regeln hier (mit getippten Worten bestätigt) oder die verwaltete Richtlinie Ihrer Organisation können "jeder Aufruf ohne Nachfrage" festlegen.',
  'site.reading': 'Die Regeln der Website werden gelesen…',
  'site.noPlugin':
    'Diese Website hat kein Countersign-Plugin: Es gelten nur die Regeln jedes Browsers.',
  'site.version': 'Version {version}',
  'site.noVersion': 'Noch keine Website-Regeln gespeichert',
  'site.changed': ', geändert {when}',
  'site.by': ' von {name}',
  'site.adminsOnly': ' Nur die Administratoren der Website können sie ändern.',
  'site.listLabel': 'Website-Regeln',
  'site.none': 'Die Website legt keine Regeln fest: Es gelten die Regeln jedes Browsers.',
  'site.save': 'Die Regeln der Website speichern',
  'site.unsaved': 'Ungespeicherte Änderungen an den Website-Regeln.',
  'site.fix': 'Nichts wurde gespeichert: Korrigieren Sie die unten markierten Website-Regeln.',
  'site.saved':
    'Auf der Website gespeichert. Der nächste Aufruf aller auf dieser Website folgt diesen Regeln.',
  'site.stale':
    'Jemand hat die Regeln der Website geändert, seit Sie sie geöffnet haben; hier sind sie jetzt. Nichts wurde gespeichert: Nehmen Sie Ihre Änderung erneut vor.',
};
