import type { Translation } from '../../message';
import type { workerCms as en } from '../en/worker-cms';

/** Teil des Abschnitts `worker`: Wörter der WordPress-Anbindung auf Karten und die Namen der Werkzeuge. */
export const workerCms: Translation<typeof en> = {
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
  'tool.find_site_tools.label': 'Werkzeuge der Website finden',
  'tool.find_site_tools.card':
    'Sucht heraus, welche der eigenen Werkzeuge der Website zur Anfrage passen; ändert nichts.',
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
  'ability.input': 'Eingabe',
  'ability.inPage':
    'Diese Fähigkeit gehört zur geöffneten Admin-Seite und läuft dort, in Ihrem Browser, nicht auf dem Server; ob Sie sie ausführen dürfen, prüft diese Seite erst beim Ausführen. Schließen oder verlassen Sie die Seite vorher, läuft sie nicht.',
  'ability.noTrialRun':
    'Ob Sie dies ausführen dürfen, prüft die Website erst beim Ausführen: Einen Probelauf gibt es nicht.',
  'ability.noReplaceSaid':
    'Die Website sagt nicht, was dies ersetzt und ob es sich rückgängig machen lässt.',
  'ability.unclassified':
    'Das Plugin sagt nicht, welche Art von Änderung dies ist; deshalb wird immer gefragt.',
  'summary.updated': '{type} {id} „{title}“ geändert.',
  'summary.replaced': '{type} {id} „{title}“ ersetzt.',
  'summary.created': '{type} {id} „{title}“ angelegt.',
  'summary.trashed': '{type} {id} „{title}“ in den Papierkorb verschoben.',
  'summary.published': '{type} {id} „{title}“ veröffentlicht.',
  'summary.undone': 'Die Änderung an {type} {id} „{title}“ rückgängig gemacht.',
  'summary.statusSet': '{type} {id} „{title}“ auf {status} gesetzt.',
  'summary.live': 'Besucher sehen es.',
  'summary.notLive': 'Besucher sehen es nicht (Status: {status}).',
  'summary.madeOther': 'WordPress hat den Status „{status}“ gesetzt, nicht „{wanted}“.',
  'summary.deleted': '{type} {id} „{title}“ endgültig gelöscht.',
  'summary.read': '{type} {id} „{title}“ gelesen.',
  'summary.settings': {
    one: '{count} Einstellung gelesen.',
    other: '{count} Einstellungen gelesen.',
  },
  'summary.settingsChanged': '{keys} geändert; sofort live.',
  'summary.settingsDiffer': 'WordPress hat {keys} anders gespeichert als vorgeschlagen.',
  'summary.comments': {
    one: '{count} Kommentar zu {type} {id}.',
    other: '{count} Kommentare zu {type} {id}.',
  },
  'summary.media': { one: '{count} Mediendatei.', other: '{count} Mediendateien.' },
  'summary.mediaOf': {
    one: '{count} von {total} Mediendateien.',
    other: '{count} von {total} Mediendateien.',
  },
  'summary.revisions': {
    one: '{count} Revision von {type} {id}.',
    other: '{count} Revisionen von {type} {id}.',
  },
  'summary.terms': '{taxonomy}: {count}.',
  'summary.types': 'Inhaltstypen: {types}. Taxonomien: {taxonomies}.',
  'summary.opened': '{url} geöffnet.',
  'summary.toolsFound': {
    one: '1 Werkzeug der Website gefunden; der Agent kann es ab seinem nächsten Schritt nutzen.',
    other:
      '{count} Werkzeuge der Website gefunden; der Agent kann sie ab seinem nächsten Schritt nutzen.',
  },
  'summary.abilityRan': '{ability}: ausgeführt.',
  'summary.abilityMismatch':
    '{ability} wurde ausgeführt; die Antwort passt nicht zu dem, was die Fähigkeit angibt.',
  'editorNote.updated':
    'Der offene Editor zeigt die Änderung; Rückgängig dort (Strg+Z) nimmt sie zurück.',
  'editorNote.classicUpdated':
    'Der offene klassische Editor zeigt die Änderung; Aktualisieren dort behält sie.',
  'editorNote.notUpdated':
    'Der offene Editor hat die Änderung nicht übernommen und zeigt noch die alten Werte: Laden Sie ihn neu, bevor Sie dort speichern, sonst würde Ihr nächstes Speichern dort diese Änderung zurücknehmen.',
  'editorNote.classicHeld':
    'WordPress hat die Änderung gespeichert. Der klassische Editor dieses Eintrags enthält für {fields} noch andere Werte; Aktualisieren, Entwurf speichern und Vorschau warten dort, bis Sie wählen: die freigegebenen Werte übernehmen, neu laden oder das Formular trotzdem speichern.',
  'editorNote.closed':
    'Der Editor-Tab wurde während des Schreibens geschlossen; ein jetzt geöffneter Editor lädt die neuen Werte.',
  'editorNote.differs': 'WordPress speichert für {fields} etwas anderes als freigegeben.',
  'editorNote.readBackFailed':
    'Der Eintrag konnte danach nicht von WordPress gelesen werden; prüfen Sie ihn dort.',
};
