import type { Translation } from '../../message';
import type { cards as en } from '../en/cards';

/** Freigabe-, Entscheidungs- und Ergebniskarten. */
export const cards: Translation<typeof en> = {
  'kicker.waitingYou': 'Wartet auf Ihre Entscheidung',
  'kicker.waitingApprover': 'Wartet auf eine Freigabe',
  'site.label': 'Website:',
  'reason.label': 'Warum gefragt wird:',
  irreversible:
    'Dies lässt sich nicht rückgängig machen. Nach der Freigabe ist es endgültig weg: Es gibt keinen Papierkorb, aus dem es sich zurückholen ließe, und kein Rückgängig.',
  'action.approve': 'Freigeben',
  'action.approveAndAllow': 'Freigeben und {tool} für diesen Verlauf erlauben',
  'action.reject': 'Ablehnen',
  'action.confirmReject': 'Ablehnung bestätigen',
  'action.leaveWaiting': 'Warten lassen',
  'action.withdraw': 'Zurückziehen',
  'reject.noteLabel': 'Notiz zur Ablehnung (optional)',
  'decision.sending': 'Ihre Entscheidung wird gesendet …',
  'decision.leftWaiting': 'Der Aufruf wartet. {hint}',
  'second.unreadable':
    'Wartet: Die Website verlangt eine zweite Freigabe, und ihre Regeln ließen sich gerade nicht lesen. Dieser Aufruf kann hier nicht freigegeben werden. Countersign liest sie selbst erneut und macht weiter, sobald die Website antwortet; Sie können ihn auch zurückziehen.',
  'second.waiting':
    'Diese Website verlangt, dass eine andere Person freigibt: {who} darf das. Ihren eigenen Aufruf können Sie nicht freigeben; Sie können ihn zurückziehen.',
  'second.expires': 'Entscheidet bis {time} niemand, läuft er ab und wird nicht ausgeführt.',
  'second.approvedBy': 'Freigegeben von {name}.',
  'second.rejectedBy': 'Abgelehnt von {name}.',
  'second.anotherPerson': 'einer anderen Person',
  'second.expired': 'Niemand hat ihn vor Ablauf freigegeben; er wurde nicht ausgeführt.',
  'second.withdrawn': 'Sie haben ihn zurückgezogen.',
  'decided.approved': 'Freigegeben.',
  'decided.rejected': 'Abgelehnt.',
  'decided.expired': 'Abgelaufen.',
  'decided.stale': 'Wartet nicht mehr auf eine Entscheidung.',
  'decided.withdrawn':
    'Zurückgezogen: Sie haben ihn zurückgenommen, bevor jemand entschied; er wurde nicht ausgeführt.',
  'decided.expiredSecond':
    'Abgelaufen: Niemand hat ihn vor der Frist der Website freigegeben; er wurde nicht ausgeführt.',
  'waiting.behind': {
    one: 'Dahinter wartet noch {count} Aufruf.',
    other: 'Dahinter warten noch {count} Aufrufe.',
  },
  'waiting.afterThese': {
    one: 'Nach diesen folgt noch {count} Aufruf dieser Antwort.',
    other: 'Nach diesen folgen noch {count} Aufrufe dieser Antwort.',
  },
  'lands.draft': 'Entwurf',
  'lands.draftDetail':
    'Wird als Entwurf gespeichert: Besucher sehen nichts, bis er veröffentlicht ist.',
  'lands.live': 'Live',
  'lands.liveDetail': 'Geht sofort live: Besucher sehen es gleich.',
  'targetChanged.text':
    'Geändert, seit diese Karte erstellt wurde ({what}): {fields}. Prüfen Sie die aktualisierten Werte und geben Sie erneut frei.',
  'targetChanged.settings': 'Einstellungen',
  'targetChanged.target': 'Ziel',
  'targetChanged.someFields': 'einige Felder',
  'preview.title': 'Vorschau',
  'preview.none': 'Keine Vorschau: Sie entscheiden ohne sie',
  'preview.captured': 'Erfasst, als der Lauf anhielt: Das Ziel kann sich seitdem geändert haben.',
  'preview.withheld':
    'Die Vorschau wird zurückgehalten: Sie dürfen nicht lesen, was dieser Aufruf ersetzen würde.',
  'hash.label': 'Prüfsumme der Daten',
  'hash.title': 'Prüfsumme der Daten: {hash}',
  'entity.noTitle': '(kein Titel)',
  'status.publish': 'veröffentlicht',
  'status.future': 'geplant',
  'status.draft': 'Entwurf',
  'status.pending': 'ausstehender Review',
  'status.private': 'privat',
  'status.trash': 'im Papierkorb',
  'status.auto-draft': 'automatischer Entwurf',
  'status.inherit': 'angehängt',
  'args.none': 'Keine Argumente.',
  'args.showAll': {
    one: 'Alles zeigen ({count} weiteres Zeichen)',
    other: 'Alles zeigen ({count} weitere Zeichen)',
  },
  'media.id': '(Medium Nr. {id})',
  'field.changedSince': 'Geändert, seit die Karte erstellt wurde',
  'field.howToShow': 'Darstellung von {field}',
  'field.rendered': 'Ansicht',
  'field.source': 'Quelltext-Diff',
  'field.changesTo': 'Änderungen an {field}',
  'field.sideValue': '{side} Wert',
  'field.current': 'Aktuell',
  'field.proposed': 'Vorgeschlagen',
  'field.empty': '(leer)',
  'field.renderedLabel': '{field}, als Ansicht',
  'field.tooLarge':
    'Zu groß, um die Änderungen hier zu markieren: Dies ist der vorgeschlagene Wert; das Quelltext-Diff zeigt, was sich ändert.',
  'diff.added': 'hinzugefügt:',
  'diff.removed': 'entfernt:',
  'fold.unchangedLines': {
    one: '… {count} unveränderte Zeile …',
    other: '… {count} unveränderte Zeilen …',
  },
  'fold.unchangedWords': {
    one: '… {count} unverändertes Wort …',
    other: '… {count} unveränderte Wörter …',
  },
  'fold.addedLines': {
    one: '… {count} weitere hinzugefügte Zeile …',
    other: '… {count} weitere hinzugefügte Zeilen …',
  },
  'fold.addedWords': {
    one: '… {count} weiteres hinzugefügtes Wort …',
    other: '… {count} weitere hinzugefügte Wörter …',
  },
  'fold.removedLines': {
    one: '… {count} weitere entfernte Zeile …',
    other: '… {count} weitere entfernte Zeilen …',
  },
  'fold.removedWords': {
    one: '… {count} weiteres entferntes Wort …',
    other: '… {count} weitere entfernte Wörter …',
  },
  'yaml.loading': 'Einstellungs-Diff wird vorbereitet …',
  'yaml.failed': 'Das Einstellungs-Diff konnte nicht angezeigt werden.',
  'yaml.deleted': 'gelöscht',
  'yaml.new': 'neu',
  'editor.override.unsaved': 'Über meine ungespeicherten Änderungen anwenden',
  'editor.override.unanswered':
    'Trotzdem freigeben: Ich lade den Editor neu, bevor ich dort speichere',
  'editor.override.locked': 'Trotzdem freigeben, während {name} bearbeitet',
  'editor.override.lockedSomeone': 'Trotzdem freigeben, während jemand anderes bearbeitet',
  'editor.hint.unsaved':
    'Speichern oder verwerfen Sie Ihre Änderungen im Editor und geben Sie dann frei.',
  'editor.hint.unanswered':
    'Laden Sie den Editor, der nicht antwortet, neu oder schließen Sie ihn, und geben Sie dann frei.',
  'editor.hint.locked': 'Geben Sie frei, sobald {name} den Beitrag geschlossen hat.',
  'editor.otherPerson': 'die andere Person',
  'editor.lockedBy':
    '{name} bearbeitet diesen Beitrag gerade. Dort ist diese Änderung nicht zu sehen, und das nächste Speichern könnte sie mit der dortigen Fassung überschreiben.',
  'editor.unsaved':
    'Ihre ungespeicherten Änderungen im geöffneten Editor an {fields} würden durch diese Änderung ersetzt.',
  'editor.unsavedClassic':
    'Wenden Sie sie darüber an oder lassen Sie den Aufruf warten: Speichern oder verwerfen Sie sie im klassischen Editor und geben Sie dann frei.',
  'editor.unsavedBlock':
    'Wenden Sie sie darüber an (Rückgängig im Editor holt sie zurück) oder lassen Sie den Aufruf warten: Speichern oder verwerfen Sie sie im Editor und geben Sie dann frei.',
  'editor.unsavedOthers': 'Ungespeicherte Änderungen an anderen Feldern bleiben erhalten.',
  'editor.unanswered': 'Ein Editor, der diesen Eintrag geöffnet hat, antwortet nicht.',
  'editor.unansweredDetail':
    'Er würde diese Änderung nicht zeigen, und sein nächstes Speichern könnte die alten Werte zurückschreiben. Laden Sie ihn zuerst neu oder schließen Sie ihn; der Aufruf wartet. Oder geben Sie trotzdem frei und laden Sie ihn neu, bevor Sie dort speichern.',
  'editor.lockedWaits':
    'Der Aufruf wartet, bis die andere Person fertig ist, oder Sie geben trotzdem frei.',
  'editor.classic':
    'Dieser Eintrag ist im klassischen Editor geöffnet: Die Änderung wird auch in sein Formular übernommen, sodass „Aktualisieren“ dort sie beibehält.',
  'editor.open':
    'Dieser Eintrag ist im Editor geöffnet: Die Änderung erscheint dort, und „Rückgängig“ nimmt sie dort wieder zurück.',
  'result.done': 'Erledigt',
  'result.live': 'Live: Besucher sehen dies jetzt',
  'result.draft': 'Entwurf: Besucher sehen nichts, bis er veröffentlicht ist',
  'result.draftDiff': 'Was sich von der veröffentlichten Fassung unterscheidet',
  'result.settingsChanged': 'Geänderte Einstellungen',
  'result.published': 'Veröffentlicht.',
  'result.publishWaits': 'Das Veröffentlichen wartet unten auf Freigabe.',
  'result.publishRefused': 'Dieser Entwurf konnte nicht veröffentlicht werden.',
  'action.publish': 'Veröffentlichen',
  'action.publishing': 'Wird veröffentlicht …',
  'action.publishTitle':
    'Veröffentlicht diesen Entwurf so, wie er jetzt ist; Sie geben es vorher frei.',
  'changedSince.label': 'Geändert seit dieser Karte',
  'changedSince.title': 'Nicht veröffentlicht: Dieser Entwurf wurde seit dieser Karte geändert',
  'changedSince.saved':
    'Jemand hat ihn nach dem Schreiben oben gespeichert. Prüfen Sie die Änderungen; „Veröffentlichen“ fragt dann erneut, ihn so zu veröffentlichen, wie er jetzt ist.',
  'changedSince.maybe':
    'Er wurde womöglich nach dem Schreiben oben gespeichert. Prüfen Sie ihn im Editor; „Veröffentlichen“ fragt dann erneut, ihn so zu veröffentlichen, wie er jetzt ist.',
  'changedSince.asCard': 'Wie auf dieser Karte',
  'changedSince.now': 'Jetzt',
  'undo.done': 'Rückgängig gemacht: Der frühere Stand ist wiederhergestellt.',
  'undo.waits': 'Das Rückgängigmachen wartet unten auf Ihre Freigabe.',
  'undo.refused': 'Diese Änderung lässt sich nicht mehr rückgängig machen.',
  'action.undo': 'Rückgängig',
  'action.undoing': 'Rückgängigmachen wird vorbereitet …',
  'action.undoTitle':
    'Stellt wieder her, was diese Änderung ersetzt hat; Sie geben es vorher frei.',
  'arguments.none': 'Keine Argumente.',
  'arguments.notes': 'Bevor Sie entscheiden',
  'arguments.entity.post': 'Beitrag',
  'arguments.entity.term': 'Begriff',
  'arguments.entity.user': 'Benutzer',
  'arguments.entity.media': 'Mediendatei',
  'arguments.entity.comment': 'Kommentar von',
  'arguments.entity.unread':
    'Nicht gefunden oder für Sie nicht lesbar; die Website entscheidet, wenn die Fähigkeit ausgeführt wird.',
  // Issue 36: approve with your own edits.
  'edit.button': '{field} bearbeiten',
  'edit.label': 'Ihre Fassung von {field}',
  'edit.apply': 'Meine Fassung zeigen',
  'edit.cancel': 'Abbrechen',
  'edit.finishFirst': 'Zeigen oder verwerfen Sie Ihre Fassung von {field}, bevor Sie entscheiden.',
  'edit.checking': 'Ihre Fassung wird geprüft…',
  'edited.note':
    'Sie haben diesen Vorschlag bearbeitet ({fields}). Mit der Freigabe wird Ihre Fassung ausgeführt, und der Agent erfährt, was Sie geändert haben.',
  'edited.proposed': 'Der Agent hatte für {field} vorgeschlagen:',
  'edited.undo': 'Meine Änderungen verwerfen',
  'field.yourVersion': 'Ihre Fassung',
  'include.apply': 'Diese Änderung an {field} übernehmen',
  'include.left':
    'Bleibt wie es ist: {field} (ankreuzen, um die Änderung des Agenten zu übernehmen)',
  'include.agentProposed': 'Vorschlag des Agenten',
  'edited.left': '{field}: bleibt auf der Website, wie es ist.',
  'batch.heading': 'Ebenfalls in dieser Antwort',
  'batch.select': 'Freigeben: {tool}',
  'batch.selectOn': 'Freigeben: {tool} für „{title}“',
  'batch.careful': 'Zuerst prüfen',
  'batch.stop': 'Hier nicht gezeigt: {tool}.',
  'batch.noteLabel': 'Notiz für die Aufrufe, die Sie weglassen (optional)',
  'batch.approveSelected': 'Ausgewählte freigeben ({count} von {total})',
  'batch.rejectAll': 'Alle ablehnen',
  'batch.confirmRejectAll': 'Bestätigen: alle {total} ablehnen',
};
