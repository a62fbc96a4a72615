/**
 * Words the background worker composes for a person: notifications, notices in the thread,
 * the reasons a card gives, and the no-agent mode's answers. What the model reads (tool
 * results, refusals, the system prompt) stays English and is not here.
 */
export const worker = {
  // Notifications (chrome.notifications prints text as it is: no markup here).
  'notify.pending.title': 'Waiting for your decision: {tool}',
  'notify.pending.message': '{what}. Open Countersign to see what would change.',
  'notify.pending.entity': '{type} “{title}”',
  'notify.noTitle': '(no title)',
  'notify.approver.title': '{who} asks for your approval',
  'notify.approver.message': '{tool}. Open Countersign to review it.',
  'notify.approver.messageOn': '{tool} on “{title}”. Open Countersign to review it.',
  'notify.approver.user': 'User {id}',

  // Why a card asks (the gate's reasons; the card shows them).
  'reason.alwaysAsk.destructive': '{tool} is destructive, so every call asks.',
  'reason.alwaysAsk.unclassified': '{tool} has no classification, so every call asks.',
  'reason.alwaysAsk.live':
    'This {tool} call would go live (it does not land as a draft), so it asks.',
  'reason.alwaysAsk.siteAllAllowed':
    "The site's rule for every tool would let it run, but a site can never switch this question off: {why}",
  'reason.alwaysAsk.siteToolAllowed':
    "The site's rule for {tool} would let it run, but a site can never switch this question off: {why}",
  'reason.second.unknown':
    'Waiting: the site may require a second approver for {tool}, and its rules could not be read just now. Nothing runs until they can be read.',
  'reason.second.required':
    'The site requires a second approver for {tool} ({approvers}); you asked for it, so you cannot approve it yourself.',
  'reason.second.cleared':
    "The site's rules can be read again and do not send {tool} to a second approver, so it asks for your approval.",
  'reason.approvers.editors': 'editors and administrators',
  'reason.approvers.admins': 'administrators',
  'reason.approvers.capability': 'people with the “{capability}” capability',
  'reason.entry.unreadableAll':
    "This site's rules for Countersign could not be read, so this call asks for approval until an admin fixes them.",
  'reason.entry.unreadableTool':
    "This site's rules for Countersign could not be read for {tool}, so this call asks for approval until an admin fixes them.",
  'reason.entry.default': '{tool} has a side effect, and by default nothing with one runs unasked.',
  'reason.entry.once.managed':
    'The managed policy asks for the first {tool} call in each thread (entry "{entry}").',
  'reason.entry.once.site':
    'This site\'s policy asks for the first {tool} call in each thread (entry "{entry}").',
  'reason.entry.once.admin':
    'The admin policy asks for the first {tool} call in each thread (entry "{entry}").',
  'reason.entry.once.default':
    'The default asks for the first {tool} call in each thread (entry "{entry}").',
  'reason.entry.every.managed': 'The managed policy asks for every {tool} call (entry "{entry}").',
  'reason.entry.every.site': 'This site\'s policy asks for every {tool} call (entry "{entry}").',
  'reason.entry.every.admin': 'The admin policy asks for every {tool} call (entry "{entry}").',
  'reason.entry.every.default': 'The default asks for every {tool} call (entry "{entry}").',
  'reason.untrusted.rules':
    'This thread holds words others may have written, so auto-approval rules do not apply.',
  'reason.untrusted.live':
    'This thread holds words others may have written, so nothing that goes live is approved automatically.',
  'reason.restarted': 'Asked before the worker restarted.',
  // Notices in the thread (the panel shows them as they were composed).
  'notice.siteRuleAllowedAll': "The site's rule for every tool allowed this call.",
  'notice.siteRuleAllowedTool': "The site's rule for {tool} allowed this call.",
  'notice.untrusted':
    'This thread now holds words others may have written, so nothing that goes live is approved automatically.',
  'notice.grantAdded': '{tool} is allowed for the rest of this thread; revoke it any time.',
  'notice.grantRevoked': '{tool} asks again for every call in this thread.',
  'notice.expired': 'The {tool} call expired without a decision and did not run.',
  'notice.callLost': 'A {tool} call could not be restored after a restart and was not run again.',
  'notice.previewDropped': 'A stored preview could not be read; its card shows no preview.',
  'notice.storedCallLost':
    'A stored call could not be read back after a restart; it was not run again.',
  'notice.recordCallLost':
    'The {tool} call could not be read back after a restart; it was not run again. Check whether it took effect.',
  'notice.reconciled': '{tool} had run before the restart; the site confirms it.',
  'notice.outcomeUnknown':
    '{tool} may or may not have run: the browser stopped while it was running. Check the site before asking for it again.',
  'notice.modelRetry': 'The model is busy ({reason}); trying again (attempt {attempt}).',
  'notice.replyCut': 'The answer was cut off at the length limit.',
  'notice.replyRefused': 'The model declined to answer.',
  'notice.tooManySteps': 'The agent took {count} steps without finishing; resume to let it go on.',
  // English keeps its one form for every count (tests and people know it so); others pluralise.
  'notice.stillWaiting': '{count} call(s) still wait in the audit log.',
  'notice.selfApproval.unreadable':
    'Waiting: the site requires a second approver, and its rules could not be read just now. You cannot approve this call yourself; you can withdraw it.',
  'notice.selfApproval.other':
    'This site asks another person to approve this call ({who}); you asked for it, so you cannot approve it yourself. You can withdraw it.',
  'notice.unshown': 'Your last thread could not be opened, so this is a new one. {why}',

  // A thread's stored copy that cannot be opened (the panel shows why; nothing is lost).
  'threadView.notView':
    "This thread's saved copy is damaged (it is not a view). It is kept as it was.",
  'threadView.badFormat':
    "This thread's saved copy is damaged (its format {format} is not one Countersign writes). It is kept as it was.",
  'threadView.newer':
    'This thread was saved by a newer version of Countersign (format {format}; this version reads up to {known}). Update the extension to open it. It is kept as it was.',
  'threadView.damagedAt': "This thread's saved copy is damaged at {fields}. It is kept as it was.",
  'threadView.otherThread':
    "This thread's saved copy names another thread ({thread}). It is kept as it was.",
  'threadView.unreadable':
    "This thread's saved copy could not be read from storage. It is kept as it was.",

  // Card texts the worker composes.
  'card.settingsChanged':
    'Someone saved these settings after this card was built: the current column shows them now. Approving saves the proposed values over them.',
  'card.targetChanged':
    'The target changed since this card was built. Review the refreshed values and approve again.',

  // Errors shown to the person when nothing more precise can be said.
  'error.internal': 'An unexpected error happened; details are in the log.',
  'error.badRequest': 'The request is malformed.',

  // The no-agent mode (no API key): its commands and answers.
  'none.empty': 'Type something to search.',
  'none.help':
    'Commands: /search words · /open path-in-admin (e.g. /open edit.php) · /publish post 12 · /trash post 12. Anything else searches your content.',
  'none.usage.search': 'Usage: /search words',
  'none.usage.open': 'Usage: /open edit.php',
  'none.usage.entity': 'Usage: /{command} post 12 (or page 7)',
  'search.found': {
    one: 'Found {count} entry for "{query}".',
    other: 'Found {count} entries for "{query}".',
  },
  'search.untitled': '(no title) #{id}',
  'search.foundNone': 'Found 0 entries for "{query}".',
  'none.opened': 'Opened {path}.',
  'none.trashed': 'Moved {type} {id} to the trash.',
  'none.published': 'Published {type} {id}.',
  'none.rejected': 'Rejected: nothing was changed.',
  'none.failed': 'That did not work: {detail}',

  // Card words from the WordPress adapter: field names, preview lines, result visibility.
  'field.title': 'Title',
  'field.content': 'Content',
  'field.excerpt': 'Excerpt',
  'field.slug': 'Slug',
  'field.categories': 'Categories',
  'field.tags': 'Tags',
  'field.featured_media': 'Featured image',
  'field.status': 'Status',
  'field.meta': 'Custom fields',
  'field.date': 'Date',
  'field.author': 'Author',
  'field.publish_at': 'Publish at (UTC)',
  'field.comments': 'Comments',
  'field.metaKey': 'Meta: {key}',
  'preview.unchanged': '{label}: unchanged.',
  'preview.replaces': '{label}: replaces {current} with {proposed}.',
  'preview.empty': 'empty',
  'preview.none': 'none',
  'preview.nothing': 'nothing',
  'preview.long': '{length} characters, starting "{start}"',
  'preview.quoted': '"{text}"',
  'preview.headLive': '{type} "{title}" ({status}): visitors see the change at once.',
  'preview.headDraft': '{type} "{title}" ({status}): a draft; visitors see nothing.',
  'preview.status': '{type} "{title}": status {from} → {to}; {effect}.',
  'preview.statusAt': '{type} "{title}": status {from} → {to} at {at}; {effect}.',
  'preview.effect.publish': 'visitors see it at once',
  'preview.effect.future': 'visitors see it from the scheduled time',
  'preview.effect.private': 'only signed-in editors see it',
  'preview.effect.draft': 'visitors no longer see it',
  'preview.effect.pending': 'visitors no longer see it; it waits for review',
  'preview.effect.trash': 'it leaves the site and goes to the trash',
  'preview.effect.other': 'its visibility changes',
  'result.live': 'Live: visitors see this now ({status}).',
  'result.trash': 'In the trash: visitors no longer see it.',
  'result.draft': 'Draft: visitors see nothing until it is published ({status}).',
  'result.published': 'Published: visitors see it now.',

  // The tools' names and what they do, as cards and tool rows say them (src/tools/tool-words.ts).
  'tool.wp_create_draft.label': 'Create a draft',
  'tool.wp_create_draft.card': 'Creates a new draft; visitors see nothing until it is published.',
  'tool.wp_delete_entity.label': 'Delete permanently',
  'tool.wp_delete_entity.card': 'Deletes an entry permanently. This cannot be undone.',
  'tool.wp_get_entity.label': 'Read an entry',
  'tool.wp_get_entity.card': 'Reads one entry of the site.',
  'tool.wp_get_settings.label': 'Read site settings',
  'tool.wp_get_settings.card': 'Reads the site settings.',
  'tool.wp_list_comments.label': 'List comments',
  'tool.wp_list_comments.card': 'Lists the comments on one entry.',
  'tool.wp_list_media.label': 'List media',
  'tool.wp_list_media.card': 'Lists items of the media library.',
  'tool.wp_list_revisions.label': 'List revisions',
  'tool.wp_list_revisions.card': 'Lists the revisions of one entry.',
  'tool.wp_list_terms.label': 'List categories or tags',
  'tool.wp_list_terms.card': 'Lists categories, tags or other terms.',
  'tool.wp_list_types.label': 'List content types',
  'tool.wp_list_types.card': 'Lists the site’s content types and taxonomies.',
  'tool.wp_open_admin.label': 'Open an admin page',
  'tool.wp_open_admin.card': 'Moves your admin tab to a page inside the WordPress admin.',
  'tool.wp_publish_entity.label': 'Publish',
  'tool.wp_publish_entity.card': 'Publishes this draft: visitors see it at once, as it is now.',
  'tool.wp_replace_post.label': 'Replace an entry',
  'tool.wp_replace_post.card': 'Replaces the whole content of an existing entry.',
  'tool.wp_restore_entity.label': 'Undo a change',
  'tool.wp_restore_entity.card':
    'Undoes an earlier change: puts back the values and the status the entry had before it.',
  'tool.wp_search_content.label': 'Search content',
  'tool.wp_search_content.card': 'Searches the site’s content.',
  'tool.wp_set_status.label': 'Change status',
  'tool.wp_set_status.card': 'Changes the status of an entry; publishing makes it visible at once.',
  'tool.wp_trash_entity.label': 'Move to trash',
  'tool.wp_trash_entity.card': 'Moves an entry to the trash; it can be restored from there.',
  'tool.wp_update_post.label': 'Update an entry',
  'tool.wp_update_post.card': 'Changes fields of an existing entry; other fields stay as they are.',
  'tool.wp_update_settings.label': 'Change site settings',
  'tool.wp_update_settings.card': 'Changes site settings; the change is live at once.',
} as const;
