import { workerCms } from './worker-cms';
import { workerModel } from './worker-model';

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
  'reason.alwaysAsk.destructive': '“{tool}” is destructive, so every call asks.',
  'reason.alwaysAsk.unclassified': '“{tool}” has no classification, so every call asks.',
  'reason.alwaysAsk.live':
    'This call of “{tool}” would go live (it does not land as a draft), so it asks.',
  'reason.alwaysAsk.siteAllAllowed':
    "The site's rule for every tool would let it run, but a site can never switch this question off: {why}",
  'reason.alwaysAsk.siteToolAllowed':
    "The site's rule for “{tool}” would let it run, but a site can never switch this question off: {why}",
  'reason.second.unknown':
    'Waiting: the site may require a second approver for “{tool}”, and its rules could not be read just now. Nothing runs until they can be read.',
  'reason.second.required':
    'The site requires a second approver for “{tool}” ({approvers}); you asked for it, so you cannot approve it yourself.',
  'reason.second.cleared':
    "The site's rules can be read again and do not send “{tool}” to a second approver, so it asks for your approval.",
  'reason.approvers.editors': 'editors and administrators',
  'reason.approvers.admins': 'administrators',
  'reason.approvers.capability': 'people with the “{capability}” capability',
  'reason.entry.anyTool': 'its rule for every tool',
  'reason.entry.thisTool': 'its rule for this tool',
  'reason.entry.unreadableAll':
    "This site's rules for Countersign could not be read, so this call asks for approval until an admin fixes them.",
  'reason.entry.unreadableTool':
    "This site's rules for Countersign could not be read for “{tool}”, so this call asks for approval until an admin fixes them.",
  'reason.entry.default':
    '“{tool}” has a side effect, and by default nothing with one runs unasked.',
  'reason.entry.once.managed':
    'The managed policy asks for the first “{tool}” call in each thread ({entry}).',
  'reason.entry.once.site':
    "This site's policy asks for the first “{tool}” call in each thread ({entry}).",
  'reason.entry.once.admin':
    'The admin policy asks for the first “{tool}” call in each thread ({entry}).',
  'reason.entry.once.default':
    'The default asks for the first “{tool}” call in each thread ({entry}).',
  'reason.entry.every.managed': 'The managed policy asks for every “{tool}” call ({entry}).',
  'reason.entry.every.site': "This site's policy asks for every “{tool}” call ({entry}).",
  'reason.entry.every.admin': 'The admin policy asks for every “{tool}” call ({entry}).',
  'reason.entry.every.default': 'The default asks for every “{tool}” call ({entry}).',
  'reason.untrusted.rules':
    'This thread holds words others may have written, so auto-approval rules do not apply.',
  'reason.untrusted.live':
    'This thread holds words others may have written, so nothing that goes live is approved automatically.',
  'reason.restarted': 'Asked before the worker restarted.',
  // Notices in the thread (the panel shows them as they were composed).
  'notice.siteRuleAllowedAll': "The site's rule for every tool allowed this call.",
  'notice.siteRuleAllowedTool': "The site's rule for “{tool}” allowed this call.",
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
  'notice.retried':
    '{tool} was running when the browser stopped; it runs once more, as its plugin says that is safe.',
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

  // Why a decision or a request from the panel was refused (nothing changed).
  'decision.wrongOwner':
    'Only the person who owns this thread can decide its calls; the tab this decision came from is signed in as another user ({user} on {site}).',
  'decision.expired': 'This call expired before the decision arrived; it did not run.',
  'decision.notFound': 'No call of this thread has that id.',
  'decision.alreadyDecided': 'This call was already decided ({status}).',
  'decision.otherCall': 'This card is out of date: another call waits now. Reopen the thread.',
  'decision.wrongHash': 'The decision does not match the call that waits (another payload hash).',
  'decision.refreshed':
    'This card is out of date: what it showed has changed and the card was refreshed. Review the refreshed card, then decide.',
  'decision.secondUnknown':
    'Waiting: the site requires a second approver, and its rules could not be read just now. This call cannot be approved here; you can withdraw it.',
  'decision.secondRequired':
    'This site asks another person to approve this call; you asked for it, so you cannot approve it yourself. You can withdraw it.',
  'decision.grantNotOffered':
    'Allowing this tool for the whole thread was not offered for this call.',
  // Issue 36 item 1: why a later call of the reply is not shown with the first.
  'batch.alone':
    'It cannot be shown with these yet ({why}); it is handled on its own after them, in order.',
  'batch.secondApprover':
    'This call needs another person’s approval, so it will ask on its own after these.',
  'decision.batchStale':
    'These cards are out of date: a call among them is no longer the one shown. Review the refreshed cards, then decide.',
  'decision.editSecondApprover':
    'This call waits for another person’s approval, so it can only be approved or rejected as proposed.',
  'decision.editNotOffered':
    'This kind of call cannot be edited; approve or reject it as proposed.',
  'decision.editField': '“{field}” cannot be edited on this card.',
  'decision.editInvalid': 'Your version cannot be used: {reason}',
  'decision.editNothingLeft': 'Nothing would be left to change; reject the call instead.',
  'decision.editNeedsSecond':
    'Your version would need another person’s approval under this site’s rules; reject the call and ask the agent instead.',
  'thread.ownerOnly': 'Only the owner of this thread can do this.',
  'thread.busyPerson':
    'A call waits for your decision (or the agent is still working); finish that first.',
  'thread.unansweredPerson':
    'The agent has not answered your last message yet; wait for it or resume the thread.',
  'thread.ownerWrite': 'Only the owner of this thread can write in it.',
  'thread.pendingWrite': 'A call waits for your decision; approve or reject it before writing.',
  'thread.unfinishedWrite': 'The agent has not finished its last step; resume the thread first.',
  'thread.ownerGrants': 'Only the owner of this thread can change its grants.',
  'thread.ownerEdit': 'Only the owner of this thread can edit it.',
  'thread.pendingEdit':
    'Decide the waiting call (or let the agent finish) before editing an earlier message.',
  'thread.noMessage': 'That message is not in this thread.',
  'thread.pendingSend': 'A call waits for your decision; approve or reject it first.',
  'thread.pendingPersonCall': 'A call waits for your decision; decide it first.',
  'thread.indexUnreadable':
    'Your list of threads could not be read from storage, so it was left as it was. The thread itself is saved; try again.',
  'thread.indexNewer':
    'Your list of threads was saved by a newer version of Countersign, so it was left as it was. The thread itself is saved; update the extension to keep your list up to date.',
  'decision.withdrawOffline':
    'The site could not be reached to withdraw the call; it still waits for an approver.',

  // Holds and refusals of the panel's own actions (Publish, Undo, opening a thread).
  'hold.unsaved':
    'Not applied yet: your unsaved edits in the open editor to {fields} would be replaced. Apply over them, or save or undo them there first.',
  'hold.unanswered':
    'Not applied yet: an editor open on this entry does not answer, and its next save could send the old values back over the change. Reload or close it, then approve; or approve anyway.',
  'hold.locked':
    'Not applied yet: {who} is editing this post, and saving there could send their copy back over the change. Wait until they are done, or approve anyway.',
  'action.notPublishable': 'This result cannot be published from here.',
  'action.draftNotPublishable': 'This draft cannot be published.',
  'action.draftUnreadable': 'This draft cannot be read for publishing.',
  'action.notUndoable': 'This change cannot be undone from here.',
  'action.undoUnrecorded': 'Nothing was recorded to undo this change.',
  'action.undoTwice': 'This change has been undone already.',
  'action.undoUnrestorable': 'The recorded state cannot be put back.',
  'action.noResult': 'That change is not here.',
  'thread.someoneElse': 'This thread belongs to someone else.',
  'thread.gone': 'This thread no longer exists.',
  'thread.notOpened': 'This panel has not opened the thread yet.',
  'thread.badRequest': 'The panel sent a request the background does not understand.',
  'thread.badRequestAt': 'The panel sent a request the background does not understand ({field}).',
  'thread.otherOwner': 'This thread belongs to another site or person.',
  'thread.pendingEditShort': 'Decide the waiting call before editing an earlier message.',

  // The audit mirror's state, as the options page shows it (kept until the next attempt).
  'mirror.serverError': 'The site had an error (HTTP {status}); sending resumes by itself.',
  'mirror.refusedRequest': 'The site refused the request (HTTP {status}).',
  'mirror.staleNonce':
    'WordPress did not accept a fresh security token for this session: reload the WordPress admin tab. The audit waits in this browser until then.',
  'mirror.otherUser':
    'Signed in to this site as another user; the records of user {user} wait until they sign in.',
  'mirror.notConfirmed': 'the site did not confirm them',
  'mirror.refusedRecords': {
    one: 'The site refused {count} record ({reason}); they stay in this browser and are offered again later.',
    other:
      'The site refused {count} records ({reason}); they stay in this browser and are offered again later.',
  },
  'mirror.signedOut': "Open this site's {cms} admin once, signed in, so the audit can be sent.",
  'options.noKey': 'No API key is saved yet: save one, then test it.',
  'sitePolicy.noCompanion':
    'This site has no Countersign server to keep rules of its own: set the rules in the options instead.',
  'approvals.noCompanion':
    '{cms} sites have no Countersign server, so no call waits here for a second approver: each call is decided in the side panel of the person who asked.',
  'approvals.badRequest': 'The approvals view sent a request the background does not understand.',
  'approvals.noAnswer': 'The site did not answer.',

  // Card texts the worker composes.
  'card.settingsChanged':
    'Someone saved these settings after this card was built: the current column shows them now. Approving saves the proposed values over them.',
  'card.targetChanged':
    'The target changed since this card was built. Review the refreshed values and approve again.',

  // Errors shown to the person when nothing more precise can be said.
  'error.internal': 'An unexpected error happened; details are in the log.',
  'error.badRequest': 'The request is malformed.',

  'search.found': {
    one: 'Found {count} entry for "{query}".',
    other: 'Found {count} entries for "{query}".',
  },
  'search.untitled': '(no title) #{id}',
  'search.foundNone': 'Found 0 entries for "{query}".',
  ...workerCms,
  ...workerModel,
} as const;
