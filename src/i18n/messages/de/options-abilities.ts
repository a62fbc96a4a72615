import type { Translation } from '../../message';
import type { optionsAbilities as source } from '../en/options-abilities';

/**
 * Die Liste dessen, was eine Website den Werkzeugen hinzufügt (ab WordPress 6.9: ihre
 * Fähigkeiten), auf der Einstellungsseite, und woher die Einstufung jeder Fähigkeit stammt:
 * aus den Annotationen ihres Plugin-Autors, die nur gelesen werden, um öfter nachzufragen.
 */
export const optionsAbilities: Translation<typeof source> = {
  title: 'Fähigkeiten von {site}',
  intro:
    'Plugins auf dieser Website bieten diese Fähigkeiten an; der Agent darf jede davon aufrufen, und jeder Aufruf durchläuft das Gate wie bei jedem Werkzeug. Was eine Fähigkeit tut, ist das, was der Autor ihres Plugins angibt (ihre Annotationen). Countersign liest diese Angaben nur, um öfter nachzufragen, nie seltener. Eine Regel hier gilt auf jeder Website, die eine Fähigkeit dieses Namens anbietet.',
  reading: 'Die Fähigkeiten von {site} werden mit Ihrem Konto gelesen…',
  noTab:
    'Um die Fähigkeiten von {site} aufzulisten, öffnen Sie die Verwaltung dieser Website in einem Tab, angemeldet mit Ihrem eigenen Konto. Die Fähigkeiten werden mit Ihrer eigenen Sitzung gelesen; Sie sehen also die, die Sie verwenden dürfen.',
  readAgain: 'Erneut lesen',
  none: '{site} bietet keine Fähigkeiten an, die Sie verwenden dürfen (vielleicht läuft dort eine WordPress-Version vor 6.9).',
  count: { one: '{count} Fähigkeit', other: '{count} Fähigkeiten' },
  ungrouped: 'Ohne Kategorie',
  claims: 'Das Plugin gibt an:',
  'claim.readonly': 'nur lesend',
  'claim.notReadonly': 'nicht nur lesend',
  'claim.destructive': 'destruktiv',
  'claim.notDestructive': 'nicht destruktiv',
  'claim.idempotent': 'gefahrlos wiederholbar',
  'claim.notIdempotent': 'nicht gefahrlos wiederholbar',
  'claim.nothing': 'nichts (keine Annotationen)',
  'why.read':
    'Die Fähigkeit liest also nur: Sie läuft ohne Nachfrage, sofern keine Regel etwas anderes sagt.',
  'why.write': 'Die Fähigkeit schreibt also: Jeder Aufruf fragt nach.',
  'why.destructive': 'Die Fähigkeit ist also destruktiv: Jeder Aufruf fragt nach.',
  'why.contradicts':
    'Das Plugin gibt sowohl „nur lesend“ als auch „destruktiv“ an; Countersign nimmt das Strengere: destruktiv, jeder Aufruf fragt nach.',
  'why.destructiveUnsaid':
    'Das Plugin gibt nicht an, dass die Fähigkeit nicht destruktiv ist, daher stuft Countersign sie als destruktiv ein: Jeder Aufruf fragt nach.',
  'why.unclassified':
    'Über das, was die Fähigkeit tut, ist nichts bekannt, daher ist sie nicht eingestuft: Jeder Aufruf fragt nach, gleich was eine Regel sagt.',
  'why.site.read':
    'Die Regeln dieser Website stufen sie als nur lesend ein: Sie läuft ohne Rückfrage, sofern keine Regel etwas anderes sagt.',
  'why.site.write':
    'Die Regeln dieser Website stufen sie als schreibend ein: Jeder Aufruf fragt nach.',
  'why.site.destructive':
    'Die Regeln dieser Website stufen sie als zerstörerisch ein: Jeder Aufruf fragt nach.',
  'why.retry':
    'Wird der Browser beendet, während sie läuft, darf Countersign sie noch einmal senden, da ihr Autor angibt, dass eine Wiederholung unbedenklich ist.',
  'why.noRetry':
    'Wird der Browser beendet, während sie läuft, sendet Countersign sie nie erneut: Es bittet Sie, die Website zu prüfen.',
};
