import type { Translation } from '../../message';
import type { worker as en } from '../en/worker';
import { workerCms } from './worker-cms';
import { workerModel } from './worker-model';

/**
 * Texte, die der Hintergrunddienst verfasst: Benachrichtigungen, Hinweise im Verlauf, die
 * Gründe einer Karte und die Antworten des Modus ohne Agent. Begriffe: Freigeben, Ablehnen,
 * Karte, Regel, der Agent, zweite freigebende Person, Protokoll.
 */
export const worker: Translation<typeof en> = {
  'notify.pending.title': 'Wartet auf Ihre Entscheidung: {tool}',
  'notify.pending.message': '{what}. Öffnen Sie Countersign, um zu sehen, was sich ändern würde.',
  'notify.pending.entity': '{type} „{title}“',
  'notify.noTitle': '(ohne Titel)',
  'notify.approver.title': '{who} bittet Sie um Freigabe',
  'notify.approver.message': '{tool}. Öffnen Sie Countersign, um es zu prüfen.',
  'notify.approver.messageOn': '{tool} für „{title}“. Öffnen Sie Countersign, um es zu prüfen.',
  'notify.approver.user': 'Benutzer {id}',

  'reason.alwaysAsk.destructive': '„{tool}“ ist zerstörerisch, daher fragt jeder Aufruf nach.',
  'reason.alwaysAsk.unclassified': '„{tool}“ ist nicht eingestuft, daher fragt jeder Aufruf nach.',
  'reason.alwaysAsk.live':
    'Dieser Aufruf von „{tool}“ wäre sofort öffentlich sichtbar (er landet nicht als Entwurf), daher fragt er nach.',
  'reason.alwaysAsk.siteAllAllowed':
    'Die Regel der Website für alle Werkzeuge würde ihn ausführen lassen, aber eine Website kann diese Frage nie abschalten: {why}',
  'reason.alwaysAsk.siteToolAllowed':
    'Die Regel der Website für „{tool}“ würde ihn ausführen lassen, aber eine Website kann diese Frage nie abschalten: {why}',
  'reason.second.unknown':
    'Wartet: Die Website verlangt für „{tool}“ womöglich eine zweite freigebende Person, und ihre Regeln konnten gerade nicht gelesen werden. Nichts wird ausgeführt, bis sie lesbar sind.',
  'reason.second.required':
    'Die Website verlangt für „{tool}“ eine zweite freigebende Person ({approvers}); Sie haben den Aufruf angefordert und können ihn daher nicht selbst freigeben.',
  'reason.second.cleared':
    'Die Regeln der Website sind wieder lesbar und verlangen für „{tool}“ keine zweite freigebende Person, daher bittet der Aufruf Sie um Freigabe.',
  'reason.approvers.editors': 'Redakteure und Administratoren',
  'reason.approvers.admins': 'Administratoren',
  'reason.approvers.capability': 'Personen mit der Berechtigung „{capability}“',
  'reason.entry.anyTool': 'ihre Regel für alle Werkzeuge',
  'reason.entry.thisTool': 'ihre Regel für dieses Werkzeug',
  'reason.entry.unreadableAll':
    'Die Regeln dieser Website für Countersign konnten nicht gelesen werden, daher fragt dieser Aufruf nach einer Freigabe, bis ein Administrator sie korrigiert.',
  'reason.entry.unreadableTool':
    'Die Regeln dieser Website für Countersign konnten für „{tool}“ nicht gelesen werden, daher fragt dieser Aufruf nach einer Freigabe, bis ein Administrator sie korrigiert.',
  'reason.entry.default':
    '„{tool}“ hat eine Nebenwirkung, und standardmäßig läuft nichts mit Nebenwirkung ohne Nachfrage.',
  'reason.entry.once.managed':
    'Die verwaltete Richtlinie fragt beim ersten Aufruf von „{tool}“ in jedem Verlauf nach ({entry}).',
  'reason.entry.once.site':
    'Die Richtlinie dieser Website fragt beim ersten Aufruf von „{tool}“ in jedem Verlauf nach ({entry}).',
  'reason.entry.once.admin':
    'Die Richtlinie des Administrators fragt beim ersten Aufruf von „{tool}“ in jedem Verlauf nach ({entry}).',
  'reason.entry.once.default':
    'Die Voreinstellung fragt beim ersten Aufruf von „{tool}“ in jedem Verlauf nach ({entry}).',
  'reason.entry.every.managed':
    'Die verwaltete Richtlinie fragt bei jedem Aufruf von „{tool}“ nach ({entry}).',
  'reason.entry.every.site':
    'Die Richtlinie dieser Website fragt bei jedem Aufruf von „{tool}“ nach ({entry}).',
  'reason.entry.every.admin':
    'Die Richtlinie des Administrators fragt bei jedem Aufruf von „{tool}“ nach ({entry}).',
  'reason.entry.every.default':
    'Die Voreinstellung fragt bei jedem Aufruf von „{tool}“ nach ({entry}).',
  'reason.untrusted.rules':
    'Dieser Verlauf enthält Text, den andere geschrieben haben könnten, daher gelten keine Regeln zur automatischen Freigabe.',
  'reason.untrusted.live':
    'Dieser Verlauf enthält Text, den andere geschrieben haben könnten, daher wird nichts, was sofort öffentlich wird, automatisch freigegeben.',
  'reason.restarted': 'Gefragt, bevor der Hintergrunddienst neu gestartet wurde.',

  'notice.siteRuleAllowedAll':
    'Die Regel der Website für alle Werkzeuge hat diesen Aufruf erlaubt.',
  'notice.siteRuleAllowedTool': 'Die Regel der Website für „{tool}“ hat diesen Aufruf erlaubt.',
  'notice.untrusted':
    'Dieser Verlauf enthält jetzt Text, den andere geschrieben haben könnten, daher wird nichts, was sofort öffentlich wird, automatisch freigegeben.',
  'notice.grantAdded':
    '{tool} ist für den Rest dieses Verlaufs erlaubt; Sie können das jederzeit zurücknehmen.',
  'notice.grantRevoked': '{tool} fragt in diesem Verlauf wieder bei jedem Aufruf nach.',
  'notice.expired':
    'Der Aufruf von {tool} ist ohne Entscheidung abgelaufen und wurde nicht ausgeführt.',
  'notice.callLost':
    'Ein Aufruf von {tool} konnte nach einem Neustart nicht wiederhergestellt werden und wurde nicht erneut ausgeführt.',
  'notice.previewDropped':
    'Eine gespeicherte Vorschau konnte nicht gelesen werden; ihre Karte zeigt keine Vorschau.',
  'notice.storedCallLost':
    'Ein gespeicherter Aufruf konnte nach einem Neustart nicht gelesen werden; er wurde nicht erneut ausgeführt.',
  'notice.recordCallLost':
    'Der Aufruf von {tool} konnte nach einem Neustart nicht gelesen werden; er wurde nicht erneut ausgeführt. Prüfen Sie, ob er gewirkt hat.',
  'notice.reconciled': '{tool} wurde vor dem Neustart ausgeführt; die Website bestätigt das.',
  'notice.retried':
    '{tool} lief, als der Browser beendet wurde; es wird noch einmal ausgeführt, da sein Plugin angibt, dass das unbedenklich ist.',
  'notice.outcomeUnknown':
    '{tool} wurde vielleicht ausgeführt, vielleicht nicht: Der Browser wurde währenddessen beendet. Prüfen Sie die Website, bevor Sie erneut darum bitten.',
  'notice.modelRetry': 'Das Modell ist ausgelastet ({reason}); neuer Versuch (Versuch {attempt}).',
  'notice.replyCut': 'Die Antwort wurde an der Längengrenze abgeschnitten.',
  'notice.replyRefused': 'Das Modell hat die Antwort verweigert.',
  'notice.tooManySteps':
    'Der Agent hat {count} Schritte gebraucht, ohne fertig zu werden; setzen Sie fort, damit er weitermacht.',
  'notice.stillWaiting': {
    one: '{count} Aufruf wartet noch im Protokoll.',
    other: '{count} Aufrufe warten noch im Protokoll.',
  },
  'notice.selfApproval.unreadable':
    'Wartet: Die Website verlangt eine zweite freigebende Person, und ihre Regeln konnten gerade nicht gelesen werden. Sie können diesen Aufruf nicht selbst freigeben; Sie können ihn zurückziehen.',
  'notice.selfApproval.other':
    'Diese Website bittet eine andere Person, diesen Aufruf freizugeben ({who}); Sie haben ihn angefordert und können ihn daher nicht selbst freigeben. Sie können ihn zurückziehen.',
  'notice.unshown':
    'Ihr letzter Verlauf konnte nicht geöffnet werden, daher ist dies ein neuer. {why}',

  'threadView.notView':
    'Die gespeicherte Kopie dieses Verlaufs ist beschädigt (sie ist keine Ansicht). Sie bleibt unverändert erhalten.',
  'threadView.badFormat':
    'Die gespeicherte Kopie dieses Verlaufs ist beschädigt (ihr Format {format} schreibt Countersign nicht). Sie bleibt unverändert erhalten.',
  'threadView.newer':
    'Dieser Verlauf wurde von einer neueren Version von Countersign gespeichert (Format {format}; diese Version liest bis {known}). Aktualisieren Sie die Erweiterung, um ihn zu öffnen. Er bleibt unverändert erhalten.',
  'threadView.damagedAt':
    'Die gespeicherte Kopie dieses Verlaufs ist beschädigt bei {fields}. Sie bleibt unverändert erhalten.',
  'threadView.otherThread':
    'Die gespeicherte Kopie dieses Verlaufs nennt einen anderen Verlauf ({thread}). Sie bleibt unverändert erhalten.',
  'threadView.unreadable':
    'Die gespeicherte Kopie dieses Verlaufs konnte nicht aus dem Speicher gelesen werden. Sie bleibt unverändert erhalten.',

  'decision.wrongOwner':
    'Nur die Person, der dieser Verlauf gehört, kann über seine Aufrufe entscheiden; der Tab, aus dem diese Entscheidung kam, ist als ein anderer Benutzer angemeldet ({user} auf {site}).',
  'decision.expired':
    'Dieser Aufruf ist abgelaufen, bevor die Entscheidung ankam; er wurde nicht ausgeführt.',
  'decision.notFound': 'Kein Aufruf dieses Verlaufs hat diese Kennung.',
  'decision.alreadyDecided': 'Über diesen Aufruf wurde bereits entschieden ({status}).',
  'decision.otherCall':
    'Diese Karte ist veraltet: Jetzt wartet ein anderer Aufruf. Öffnen Sie den Verlauf erneut.',
  'decision.wrongHash':
    'Die Entscheidung passt nicht zu dem wartenden Aufruf (anderer Prüfwert der Daten).',
  'decision.refreshed':
    'Diese Karte ist veraltet: Was sie zeigte, hat sich geändert, und die Karte wurde aktualisiert. Prüfen Sie die aktualisierte Karte und entscheiden Sie dann.',
  'decision.secondUnknown':
    'Wartet: Die Website verlangt eine zweite freigebende Person, und ihre Regeln konnten gerade nicht gelesen werden. Dieser Aufruf kann hier nicht freigegeben werden; Sie können ihn zurückziehen.',
  'decision.secondRequired':
    'Diese Website bittet eine andere Person, diesen Aufruf freizugeben; Sie haben ihn angefordert und können ihn daher nicht selbst freigeben. Sie können ihn zurückziehen.',
  'decision.grantNotOffered':
    'Dieses Werkzeug für den ganzen Verlauf zu erlauben, wurde für diesen Aufruf nicht angeboten.',
  // Issue 36 item 1: why a later call of the reply is not shown with the first.
  'batch.alone':
    'Er kann noch nicht mit diesen gezeigt werden ({why}); er wird danach einzeln und der Reihe nach behandelt.',
  'batch.secondApprover':
    'Dieser Aufruf braucht die Freigabe einer anderen Person; er fragt daher nach diesen einzeln.',
  'decision.batchStale':
    'Diese Karten sind veraltet: Ein Aufruf darunter ist nicht mehr der gezeigte. Prüfen Sie die aktualisierten Karten und entscheiden Sie dann.',
  'decision.editSecondApprover':
    'Dieser Aufruf wartet auf die Freigabe einer anderen Person; er kann daher nur so freigegeben oder abgelehnt werden, wie er vorgeschlagen wurde.',
  'decision.editNotOffered':
    'Diese Art von Aufruf kann nicht bearbeitet werden; geben Sie ihn so frei, wie er vorgeschlagen wurde, oder lehnen Sie ihn ab.',
  'decision.editField': '„{field}“ kann auf dieser Karte nicht bearbeitet werden.',
  'decision.editInvalid': 'Ihre Fassung kann nicht verwendet werden: {reason}',
  'decision.editNothingLeft':
    'Es bliebe nichts mehr zu ändern; lehnen Sie den Aufruf stattdessen ab.',
  'decision.editNeedsSecond':
    'Ihre Fassung bräuchte nach den Regeln dieser Website die Freigabe einer anderen Person; lehnen Sie den Aufruf ab und bitten Sie stattdessen den Agenten darum.',
  'thread.ownerOnly': 'Nur die Person, der dieser Verlauf gehört, kann das tun.',
  'thread.busyPerson':
    'Ein Aufruf wartet auf Ihre Entscheidung (oder der Agent arbeitet noch); schließen Sie das zuerst ab.',
  'thread.unansweredPerson':
    'Der Agent hat auf Ihre letzte Nachricht noch nicht geantwortet; warten Sie darauf oder setzen Sie den Verlauf fort.',
  'thread.ownerWrite': 'Nur die Person, der dieser Verlauf gehört, kann darin schreiben.',
  'thread.pendingWrite':
    'Ein Aufruf wartet auf Ihre Entscheidung; geben Sie ihn frei oder lehnen Sie ihn ab, bevor Sie schreiben.',
  'thread.unfinishedWrite':
    'Der Agent hat seinen letzten Schritt nicht beendet; setzen Sie den Verlauf zuerst fort.',
  'thread.ownerGrants': 'Nur die Person, der dieser Verlauf gehört, kann seine Erlaubnisse ändern.',
  'thread.ownerEdit': 'Nur die Person, der dieser Verlauf gehört, kann ihn bearbeiten.',
  'thread.pendingEdit':
    'Entscheiden Sie über den wartenden Aufruf (oder lassen Sie den Agenten fertig werden), bevor Sie eine frühere Nachricht bearbeiten.',
  'thread.noMessage': 'Diese Nachricht ist nicht in diesem Verlauf.',
  'thread.pendingSend':
    'Ein Aufruf wartet auf Ihre Entscheidung; geben Sie ihn zuerst frei oder lehnen Sie ihn ab.',
  'thread.pendingPersonCall':
    'Ein Aufruf wartet auf Ihre Entscheidung; entscheiden Sie zuerst darüber.',
  'thread.indexUnreadable':
    'Ihre Liste der Verläufe konnte nicht aus dem Speicher gelesen werden und blieb, wie sie war. Der Verlauf selbst ist gespeichert; versuchen Sie es noch einmal.',
  'thread.indexNewer':
    'Ihre Liste der Verläufe wurde von einer neueren Version von Countersign gespeichert und blieb, wie sie war. Der Verlauf selbst ist gespeichert; aktualisieren Sie die Erweiterung, damit Ihre Liste aktuell bleibt.',
  'decision.withdrawOffline':
    'Die Website war nicht erreichbar, um den Aufruf zurückzuziehen; er wartet weiter auf eine freigebende Person.',

  'hold.unsaved':
    'Noch nicht angewendet: Ihre ungespeicherten Änderungen im geöffneten Editor an {fields} würden ersetzt. Wenden Sie die Änderung trotzdem an, oder speichern oder verwerfen Sie sie dort zuerst.',
  'hold.unanswered':
    'Noch nicht angewendet: Ein für diesen Eintrag geöffneter Editor antwortet nicht, und sein nächstes Speichern könnte die alten Werte über die Änderung schreiben. Laden Sie ihn neu oder schließen Sie ihn und geben Sie dann frei – oder geben Sie trotzdem frei.',
  'hold.locked':
    'Noch nicht angewendet: {who} bearbeitet diesen Beitrag, und ein Speichern dort könnte deren Fassung über die Änderung schreiben. Warten Sie, bis die Bearbeitung beendet ist, oder geben Sie trotzdem frei.',
  'action.notPublishable': 'Dieses Ergebnis kann nicht von hier aus veröffentlicht werden.',
  'action.draftNotPublishable': 'Dieser Entwurf kann nicht veröffentlicht werden.',
  'action.draftUnreadable': 'Dieser Entwurf kann zum Veröffentlichen nicht gelesen werden.',
  'action.notUndoable': 'Diese Änderung kann nicht von hier aus rückgängig gemacht werden.',
  'action.undoUnrecorded': 'Für diese Änderung wurde nichts zum Rückgängigmachen aufgezeichnet.',
  'action.undoTwice': 'Diese Änderung wurde bereits rückgängig gemacht.',
  'action.undoUnrestorable': 'Der aufgezeichnete Zustand kann nicht wiederhergestellt werden.',
  'action.noResult': 'Diese Änderung ist hier nicht vorhanden.',
  'thread.someoneElse': 'Dieser Verlauf gehört jemand anderem.',
  'thread.gone': 'Diesen Verlauf gibt es nicht mehr.',
  'thread.notOpened': 'Diese Seitenleiste hat den Verlauf noch nicht geöffnet.',
  'thread.badRequest':
    'Die Seitenleiste hat eine Anfrage gesendet, die der Hintergrunddienst nicht versteht.',
  'thread.badRequestAt':
    'Die Seitenleiste hat eine Anfrage gesendet, die der Hintergrunddienst nicht versteht (bei {field}).',
  'thread.otherOwner': 'Dieser Verlauf gehört zu einer anderen Website oder Person.',
  'thread.pendingEditShort':
    'Entscheiden Sie über den wartenden Aufruf, bevor Sie eine frühere Nachricht bearbeiten.',

  'mirror.serverError':
    'Auf der Website ist ein Fehler aufgetreten (HTTP {status}); das Senden wird von selbst fortgesetzt.',
  'mirror.refusedRequest': 'Die Website hat die Anfrage abgelehnt (HTTP {status}).',
  'mirror.staleNonce':
    'WordPress hat kein frisches Sicherheits-Token für diese Sitzung angenommen: Laden Sie den WordPress-Admin-Tab neu. Das Protokoll wartet bis dahin in diesem Browser.',
  'mirror.otherUser':
    'Bei dieser Website als ein anderer Benutzer angemeldet; die Einträge von Benutzer {user} warten, bis dieser sich anmeldet.',
  'mirror.notConfirmed': 'die Website hat sie nicht bestätigt',
  'mirror.refusedRecords': {
    one: 'Die Website hat {count} Eintrag abgelehnt ({reason}); er bleibt in diesem Browser und wird später erneut angeboten.',
    other:
      'Die Website hat {count} Einträge abgelehnt ({reason}); sie bleiben in diesem Browser und werden später erneut angeboten.',
  },
  'mirror.signedOut':
    'Öffnen Sie einmal angemeldet die {cms}-Verwaltung dieser Website, damit das Protokoll gesendet werden kann.',
  'options.noKey':
    'Es ist noch kein API-Schlüssel gespeichert: Speichern Sie einen und testen Sie ihn dann.',
  'sitePolicy.noCompanion':
    'Diese Website hat keinen Countersign-Server, der eigene Regeln aufbewahrt: Legen Sie die Regeln stattdessen in den Optionen fest.',
  'approvals.noCompanion':
    '{cms}-Websites haben keinen Countersign-Server, daher wartet hier kein Aufruf auf eine zweite freigebende Person: Jeder Aufruf wird in der Seitenleiste der Person entschieden, die ihn angefragt hat.',
  'approvals.badRequest':
    'Die Freigabeansicht hat eine Anfrage gesendet, die der Hintergrund nicht versteht.',
  'approvals.noAnswer': 'Die Website hat nicht geantwortet.',

  'card.settingsChanged':
    'Jemand hat diese Einstellungen gespeichert, nachdem diese Karte erstellt wurde: Die Spalte „Aktuell“ zeigt sie jetzt. Freigeben speichert die vorgeschlagenen Werte darüber.',
  'card.targetChanged':
    'Das Ziel hat sich geändert, seit diese Karte erstellt wurde. Prüfen Sie die aktualisierten Werte und geben Sie erneut frei.',

  'error.internal': 'Ein unerwarteter Fehler ist aufgetreten; Einzelheiten stehen im Log.',
  'error.badRequest': 'Die Anfrage ist fehlerhaft.',

  'search.found': {
    one: '{count} Eintrag für „{query}“ gefunden.',
    other: '{count} Einträge für „{query}“ gefunden.',
  },
  'search.untitled': '(ohne Titel) #{id}',
  'search.foundNone': 'Nichts gefunden für „{query}“.',
  ...workerCms,
  ...workerModel,
};
