import type { Translation } from '../../message';
import type { workerModel as en } from '../en/worker-model';

/**
 * Part of the `worker` section: what the person reads when the model fails or is retried, what
 * the panel's commands say without a model (R3), and the options page's connection test (src/agent/claude/failure-message.ts, test-connection.ts).
 */
export const workerModel: Translation<typeof en> = {
  'model.noCompanion':
    '{cms}-Websites haben keine eigene KI-Verbindung für Countersign: Legen Sie in den Optionen Ihren eigenen API-Schlüssel fest und senden Sie die Nachricht dann erneut.',
  'model.optionsHint': 'den Optionen von Countersign unter „Verbindung“',
  'model.tried': {
    one: 'Countersign hat es {count}-mal erneut versucht.',
    other: 'Countersign hat es {count}-mal erneut versucht.',
  },
  'model.kept':
    'Der Verlauf bleibt erhalten: Senden Sie die Nachricht erneut, sobald das behoben ist.',
  'model.failure.forbidden':
    'Claude hat diesen API-Schlüssel für diese Anfrage abgelehnt (403, keine Berechtigung). Prüfen Sie Schlüssel und Modell in {options}.',
  'model.failure.auth':
    'Claude hat den API-Schlüssel abgelehnt ({label}, Anmeldefehler). Legen Sie in {options} einen gültigen API-Schlüssel fest.',
  'model.failure.rateLimit': 'Das Anfragelimit von Claude ist erreicht ({label}).',
  'model.advice.rateLimit': 'Warten Sie eine Minute und versuchen Sie es dann erneut.',
  'model.failure.overloaded': 'Claude ist gerade überlastet ({label}).',
  'model.advice.overloaded':
    'Versuchen Sie es in ein paar Minuten erneut oder wählen Sie ein anderes Modell.',
  'model.failure.network': 'Countersign konnte die Claude-API unter {host} nicht erreichen.',
  'model.advice.network': 'Prüfen Sie die Verbindung und die API-Basis-URL in {options}.',
  'model.failure.badRequest': 'Claude hat die Anfrage abgelehnt ({label}).',
  'model.failure.badRequestSaid': 'Claude hat die Anfrage abgelehnt ({label}: {said}).',
  'model.failure.interrupted': 'Die Antwort wurde angehalten, bevor sie fertig war.',
  'model.failure.server': 'Die API von Claude ist fehlgeschlagen ({label}).',
  'model.failure.cutOff':
    'Die Antwort brach ab, bevor sie fertig war ({cause}). Was angekommen ist, bleibt erhalten; aus dem abgebrochenen Teil wurde nichts ausgeführt.',
  'model.failure.stoppedBeforeStart': 'Die Antwort wurde angehalten, bevor sie begann.',
  'model.cause.stopped': 'angehalten',
  'model.cause.earlyEnd': 'der Datenstrom endete zu früh',
  'model.retry.rateLimit': 'Das Anfragelimit von Claude ist erreicht ({label})',
  'model.retry.overloaded': 'Claude ist überlastet ({label})',
  'model.retry.network': 'die Verbindung zu Claude ist fehlgeschlagen',
  'model.retry.server': 'Die API von Claude ist fehlgeschlagen ({label})',
  'model.site.ownKey':
    'Um jetzt weiterzuarbeiten, legen Sie in {options} Ihren eigenen Anthropic-Schlüssel fest.',
  'model.site.refused': 'Die KI-Verbindung von {host} hat abgelehnt: {said}',
  'model.site.noRoute':
    '{host} bietet keine KI-Verbindung an: Das Countersign-Plugin ist dort nicht aktiv oder älter als diese Erweiterung. Fragen Sie die Administration der Website oder nutzen Sie Ihren eigenen Schlüssel.',
  'model.site.session':
    '{host} hat Ihre Sitzung für seine KI-Verbindung nicht angenommen ({label}). Öffnen Sie die Verwaltung in einem Tab, melden Sie sich erneut an und senden Sie die Nachricht dann noch einmal.',
  'model.site.unreachable': 'Countersign konnte {host} für seine KI-Verbindung nicht erreichen.',
  'model.test.ok': {
    one: 'Verbunden mit {host}: Dieser Schlüssel kann {count} Modell nutzen.',
    other: 'Verbunden mit {host}: Dieser Schlüssel kann {count} Modelle nutzen.',
  },
  'model.test.invalidKey':
    '{host} hat diesen API-Schlüssel abgelehnt ({label}). Prüfen Sie, ob Sie den ganzen Schlüssel in {options} kopiert haben.',
  'model.test.unreachable':
    'Countersign konnte {host} nicht erreichen. Prüfen Sie die API-Basis-URL und Ihre Verbindung.',
  'none.empty': 'Geben Sie etwas ein, um zu suchen.',
  'none.help':
    'Befehle: /search Wörter · /open Pfad-in-der-Verwaltung (z. B. /open edit.php) · /publish post 12 · /trash post 12. Alles andere durchsucht Ihre Inhalte.',
  'none.usage.search': 'Verwendung: /search Wörter',
  'none.usage.open': 'Verwendung: /open edit.php',
  'none.usage.entity': 'Verwendung: /{command} post 12 (oder page 7)',
  'none.opened': '{path} geöffnet.',
  'none.trashed': '{type} {id} in den Papierkorb verschoben.',
  'none.published': '{type} {id} veröffentlicht.',
  'none.rejected': 'Abgelehnt: Es wurde nichts geändert.',
  'none.failed': 'Das hat nicht geklappt: {detail}',
};
