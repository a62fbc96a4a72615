import type { Translation } from '../../message';
import type { worker as en } from '../en/worker';

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

  'reason.alwaysAsk.destructive': '{tool} ist zerstörerisch, daher fragt jeder Aufruf nach.',
  'reason.alwaysAsk.unclassified': '{tool} ist nicht eingestuft, daher fragt jeder Aufruf nach.',
  'reason.alwaysAsk.live':
    'Dieser Aufruf von {tool} würde sofort öffentlich (er landet nicht als Entwurf), daher fragt er nach.',
  'reason.alwaysAsk.siteAllAllowed':
    'Die Regel der Website für alle Werkzeuge würde ihn ausführen lassen, aber eine Website kann diese Frage nie abschalten: {why}',
  'reason.alwaysAsk.siteToolAllowed':
    'Die Regel der Website für {tool} würde ihn ausführen lassen, aber eine Website kann diese Frage nie abschalten: {why}',
  'reason.second.unknown':
    'Wartet: Die Website verlangt für {tool} womöglich eine zweite freigebende Person, und ihre Regeln konnten gerade nicht gelesen werden. Nichts wird ausgeführt, bis sie lesbar sind.',
  'reason.second.required':
    'Die Website verlangt für {tool} eine zweite freigebende Person ({approvers}); Sie haben den Aufruf angefordert und können ihn daher nicht selbst freigeben.',
  'reason.second.cleared':
    'Die Regeln der Website sind wieder lesbar und verlangen für {tool} keine zweite freigebende Person, daher bittet der Aufruf Sie um Freigabe.',
  'reason.approvers.editors': 'Redakteure und Administratoren',
  'reason.approvers.admins': 'Administratoren',
  'reason.approvers.capability': 'Personen mit der Berechtigung „{capability}“',
  'reason.entry.unreadableAll':
    'Die Regeln dieser Website für Countersign konnten nicht gelesen werden, daher fragt dieser Aufruf nach einer Freigabe, bis ein Administrator sie korrigiert.',
  'reason.entry.unreadableTool':
    'Die Regeln dieser Website für Countersign konnten für {tool} nicht gelesen werden, daher fragt dieser Aufruf nach einer Freigabe, bis ein Administrator sie korrigiert.',
  'reason.entry.default':
    '{tool} hat eine Nebenwirkung, und standardmäßig läuft nichts mit Nebenwirkung ohne Nachfrage.',
  'reason.entry.once.managed':
    'Die verwaltete Richtlinie fragt beim ersten Aufruf von {tool} in jedem Verlauf nach (Eintrag „{entry}“).',
  'reason.entry.once.site':
    'Die Richtlinie dieser Website fragt beim ersten Aufruf von {tool} in jedem Verlauf nach (Eintrag „{entry}“).',
  'reason.entry.once.admin':
    'Die Richtlinie des Administrators fragt beim ersten Aufruf von {tool} in jedem Verlauf nach (Eintrag „{entry}“).',
  'reason.entry.once.default':
    'Die Voreinstellung fragt beim ersten Aufruf von {tool} in jedem Verlauf nach (Eintrag „{entry}“).',
  'reason.entry.every.managed':
    'Die verwaltete Richtlinie fragt bei jedem Aufruf von {tool} nach (Eintrag „{entry}“).',
  'reason.entry.every.site':
    'Die Richtlinie dieser Website fragt bei jedem Aufruf von {tool} nach (Eintrag „{entry}“).',
  'reason.entry.every.admin':
    'Die Richtlinie des Administrators fragt bei jedem Aufruf von {tool} nach (Eintrag „{entry}“).',
  'reason.entry.every.default':
    'Die Voreinstellung fragt bei jedem Aufruf von {tool} nach (Eintrag „{entry}“).',
  'reason.untrusted.rules':
    'Dieser Verlauf enthält Text, den andere geschrieben haben könnten, daher gelten keine Regeln zur automatischen Freigabe.',
  'reason.untrusted.live':
    'Dieser Verlauf enthält Text, den andere geschrieben haben könnten, daher wird nichts, was sofort öffentlich wird, automatisch freigegeben.',
  'reason.restarted': 'Gefragt, bevor der Hintergrunddienst neu gestartet wurde.',

  'notice.siteRuleAllowedAll':
    'Die Regel der Website für alle Werkzeuge hat diesen Aufruf erlaubt.',
  'notice.siteRuleAllowedTool': 'Die Regel der Website für {tool} hat diesen Aufruf erlaubt.',
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

  'card.settingsChanged':
    'Jemand hat diese Einstellungen gespeichert, nachdem diese Karte erstellt wurde: Die Spalte „Aktuell“ zeigt sie jetzt. Freigeben speichert die vorgeschlagenen Werte darüber.',
  'card.targetChanged':
    'Das Ziel hat sich geändert, seit diese Karte erstellt wurde. Prüfen Sie die aktualisierten Werte und geben Sie erneut frei.',

  'error.internal': 'Ein unerwarteter Fehler ist aufgetreten; Einzelheiten stehen im Log.',
  'error.badRequest': 'Die Anfrage ist fehlerhaft.',

  'none.empty': 'Geben Sie etwas ein, um zu suchen.',
  'none.help':
    'Befehle: /search Wörter · /open Pfad-in-der-Verwaltung (z. B. /open edit.php) · /publish post 12 · /trash post 12. Alles andere durchsucht Ihre Inhalte.',
  'none.usage.search': 'Verwendung: /search Wörter',
  'none.usage.open': 'Verwendung: /open edit.php',
  'none.usage.entity': 'Verwendung: /{command} post 12 (oder page 7)',
  'search.found': {
    one: '{count} Eintrag für „{query}“ gefunden.',
    other: '{count} Einträge für „{query}“ gefunden.',
  },
  'search.untitled': '(ohne Titel) #{id}',
  'search.foundNone': 'Nichts gefunden für „{query}“.',
  'none.opened': '{path} geöffnet.',
  'none.trashed': '{type} {id} in den Papierkorb verschoben.',
  'none.published': '{type} {id} veröffentlicht.',
  'none.rejected': 'Abgelehnt: Es wurde nichts geändert.',
  'none.failed': 'Das hat nicht geklappt: {detail}',

  'field.title': 'Titel',
  'field.content': 'Inhalt',
  'field.excerpt': 'Textauszug',
  'field.slug': 'Titelform',
  'field.categories': 'Kategorien',
  'field.tags': 'Schlagwörter',
  'field.featured_media': 'Beitragsbild',
  'field.status': 'Status',
  'field.meta': 'Benutzerdefinierte Felder',
  'field.date': 'Datum',
  'field.author': 'Autor',
  'field.publish_at': 'Veröffentlichen am (UTC)',
  'field.comments': 'Kommentare',
  'field.metaKey': 'Meta: {key}',
  'preview.unchanged': '{label}: unverändert.',
  'preview.replaces': '{label}: ersetzt {current} durch {proposed}.',
  'preview.empty': 'leer',
  'preview.none': 'keine',
  'preview.nothing': 'nichts',
  'preview.long': '{length} Zeichen, beginnend mit „{start}“',
  'preview.quoted': '„{text}“',
  'preview.headLive': '{type} „{title}“ ({status}): Besucher sehen die Änderung sofort.',
  'preview.headDraft': '{type} „{title}“ ({status}): ein Entwurf; Besucher sehen nichts.',
  'preview.status': '{type} „{title}“: Status {from} → {to}; {effect}.',
  'preview.statusAt': '{type} „{title}“: Status {from} → {to} am {at}; {effect}.',
  'preview.effect.publish': 'Besucher sehen ihn sofort',
  'preview.effect.future': 'Besucher sehen ihn ab dem geplanten Zeitpunkt',
  'preview.effect.private': 'nur angemeldete Redakteure sehen ihn',
  'preview.effect.draft': 'Besucher sehen ihn nicht mehr',
  'preview.effect.pending': 'Besucher sehen ihn nicht mehr; er wartet auf Überprüfung',
  'preview.effect.trash': 'er verschwindet von der Website und kommt in den Papierkorb',
  'preview.effect.other': 'seine Sichtbarkeit ändert sich',
  'result.live': 'Öffentlich: Besucher sehen dies jetzt ({status}).',
  'result.trash': 'Im Papierkorb: Besucher sehen es nicht mehr.',
  'result.draft': 'Entwurf: Besucher sehen nichts, bis es veröffentlicht ist ({status}).',
  'result.published': 'Veröffentlicht: Besucher sehen es jetzt.',

  'tool.wp_create_draft.label': 'Entwurf anlegen',
  'tool.wp_create_draft.card':
    'Legt einen neuen Entwurf an; Besucher sehen nichts, bis er veröffentlicht ist.',
  'tool.wp_delete_entity.label': 'Endgültig löschen',
  'tool.wp_delete_entity.card':
    'Löscht einen Eintrag endgültig. Das kann nicht rückgängig gemacht werden.',
  'tool.wp_get_entity.label': 'Eintrag lesen',
  'tool.wp_get_entity.card': 'Liest einen Eintrag der Website.',
  'tool.wp_get_settings.label': 'Website-Einstellungen lesen',
  'tool.wp_get_settings.card': 'Liest die Einstellungen der Website.',
  'tool.wp_list_comments.label': 'Kommentare auflisten',
  'tool.wp_list_comments.card': 'Listet die Kommentare zu einem Eintrag auf.',
  'tool.wp_list_media.label': 'Medien auflisten',
  'tool.wp_list_media.card': 'Listet Elemente der Mediathek auf.',
  'tool.wp_list_revisions.label': 'Revisionen auflisten',
  'tool.wp_list_revisions.card': 'Listet die Revisionen eines Eintrags auf.',
  'tool.wp_list_terms.label': 'Kategorien oder Schlagwörter auflisten',
  'tool.wp_list_terms.card': 'Listet Kategorien, Schlagwörter oder andere Begriffe auf.',
  'tool.wp_list_types.label': 'Inhaltstypen auflisten',
  'tool.wp_list_types.card': 'Listet die Inhaltstypen und Taxonomien der Website auf.',
  'tool.wp_open_admin.label': 'Verwaltungsseite öffnen',
  'tool.wp_open_admin.card': 'Öffnet in Ihrem Verwaltungs-Tab eine Seite der WordPress-Verwaltung.',
  'tool.wp_publish_entity.label': 'Veröffentlichen',
  'tool.wp_publish_entity.card':
    'Veröffentlicht diesen Entwurf: Besucher sehen ihn sofort, so wie er jetzt ist.',
  'tool.wp_replace_post.label': 'Eintrag ersetzen',
  'tool.wp_replace_post.card': 'Ersetzt den gesamten Inhalt eines bestehenden Eintrags.',
  'tool.wp_restore_entity.label': 'Änderung rückgängig machen',
  'tool.wp_restore_entity.card':
    'Macht eine frühere Änderung rückgängig: stellt die Werte und den Status wieder her, die der Eintrag vorher hatte.',
  'tool.wp_search_content.label': 'Inhalte durchsuchen',
  'tool.wp_search_content.card': 'Durchsucht die Inhalte der Website.',
  'tool.wp_set_status.label': 'Status ändern',
  'tool.wp_set_status.card':
    'Ändert den Status eines Eintrags; Veröffentlichen macht ihn sofort sichtbar.',
  'tool.wp_trash_entity.label': 'In den Papierkorb',
  'tool.wp_trash_entity.card':
    'Verschiebt einen Eintrag in den Papierkorb; dort kann er wiederhergestellt werden.',
  'tool.wp_update_post.label': 'Eintrag ändern',
  'tool.wp_update_post.card':
    'Ändert Felder eines bestehenden Eintrags; andere Felder bleiben, wie sie sind.',
  'tool.wp_update_settings.label': 'Website-Einstellungen ändern',
  'tool.wp_update_settings.card': 'Ändert Einstellungen der Website; die Änderung gilt sofort.',
};
