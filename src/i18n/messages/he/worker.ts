import type { Translation } from '../../message';
import type { worker as en } from '../en/worker';
import { workerCms } from './worker-cms';
import { workerModel } from './worker-model';

/**
 * טקסטים ששירות הרקע מנסח לאדם: התראות, הודעות בשיחה, הנימוקים שכרטיס מציג והתשובות של
 * המצב ללא סוכן. מונחים: אישור, דחייה, סירוב, כרטיס, כלל, הסוכן, אישור שני, יומן ביקורת.
 */
export const worker: Translation<typeof en> = {
  // Notifications (chrome.notifications prints text as it is: no markup here).
  'notify.pending.title': 'ממתין להחלטה שלך: {tool}',
  'notify.pending.message': '{what}. יש לפתוח את Countersign כדי לראות מה ישתנה.',
  'notify.pending.entity': '{type} "{title}"',
  'notify.noTitle': '(ללא כותרת)',
  'notify.approver.title': 'בקשה לאישור שלך מאת {who}',
  'notify.approver.message': '{tool}. יש לפתוח את Countersign כדי לבדוק.',
  'notify.approver.messageOn': '{tool} על "{title}". יש לפתוח את Countersign כדי לבדוק.',
  'notify.approver.user': 'משתמש {id}',

  // Why a card asks (the gate's reasons; the card shows them).
  'reason.alwaysAsk.destructive': '"{tool}" הוא כלי הרסני, ולכן כל קריאה מבקשת אישור.',
  'reason.alwaysAsk.unclassified': 'ל-"{tool}" אין סיווג, ולכן כל קריאה מבקשת אישור.',
  'reason.alwaysAsk.live':
    'הקריאה הזו ל-"{tool}" תעלה לאתר החי (היא לא נשמרת כטיוטה), ולכן היא מבקשת אישור.',
  'reason.alwaysAsk.siteAllAllowed':
    'הכלל של האתר לכל הכלים היה מאפשר לה לרוץ, אבל אתר אף פעם לא יכול לבטל את בקשת האישור הזו: {why}',
  'reason.alwaysAsk.siteToolAllowed':
    'הכלל של האתר עבור "{tool}" היה מאפשר לה לרוץ, אבל אתר אף פעם לא יכול לבטל את בקשת האישור הזו: {why}',
  'reason.second.unknown':
    'בהמתנה: ייתכן שהאתר דורש אישור שני עבור "{tool}", וכרגע לא ניתן היה לקרוא את הכללים שלו. שום דבר לא ירוץ עד שיהיה אפשר לקרוא אותם.',
  'reason.second.required':
    'האתר דורש אישור שני עבור "{tool}" ({approvers}); ביקשת את הקריאה הזו, ולכן אין באפשרותך לאשר אותה בעצמך.',
  'reason.second.cleared':
    'אפשר שוב לקרוא את הכללים של האתר, והם לא מעבירים את "{tool}" לאישור שני, ולכן הקריאה מבקשת את האישור שלך.',
  'reason.approvers.editors': 'עורכים ומנהלים',
  'reason.approvers.admins': 'מנהלים',
  'reason.approvers.capability': 'בעלי ההרשאה "{capability}"',
  'reason.entry.anyTool': 'הכלל שלה לכל הכלים',
  'reason.entry.thisTool': 'הכלל שלה לכלי הזה',
  'reason.entry.unreadableAll':
    'לא ניתן היה לקרוא את הכללים של האתר הזה עבור Countersign, ולכן הקריאה הזו מבקשת אישור עד שמנהלי האתר יתקנו אותם.',
  'reason.entry.unreadableTool':
    'לא ניתן היה לקרוא את הכללים של האתר הזה עבור Countersign לגבי "{tool}", ולכן הקריאה הזו מבקשת אישור עד שמנהלי האתר יתקנו אותם.',
  'reason.entry.default':
    '"{tool}" משנה משהו באתר, וכברירת מחדל שום פעולה שמשנה משהו לא רצה בלי לבקש אישור.',
  'reason.entry.once.managed':
    'המדיניות המנוהלת מבקשת אישור לקריאה הראשונה ל-"{tool}" בכל שיחה ({entry}).',
  'reason.entry.once.site':
    'המדיניות של האתר הזה מבקשת אישור לקריאה הראשונה ל-"{tool}" בכל שיחה ({entry}).',
  'reason.entry.once.admin':
    'מדיניות המנהל מבקשת אישור לקריאה הראשונה ל-"{tool}" בכל שיחה ({entry}).',
  'reason.entry.once.default':
    'ברירת המחדל מבקשת אישור לקריאה הראשונה ל-"{tool}" בכל שיחה ({entry}).',
  'reason.entry.every.managed': 'המדיניות המנוהלת מבקשת אישור לכל קריאה ל-"{tool}" ({entry}).',
  'reason.entry.every.site': 'המדיניות של האתר הזה מבקשת אישור לכל קריאה ל-"{tool}" ({entry}).',
  'reason.entry.every.admin': 'מדיניות המנהל מבקשת אישור לכל קריאה ל-"{tool}" ({entry}).',
  'reason.entry.every.default': 'ברירת המחדל מבקשת אישור לכל קריאה ל-"{tool}" ({entry}).',
  'reason.untrusted.rules':
    'השיחה הזו מכילה טקסט שייתכן שנכתב בידי אחרים, ולכן כללי אישור אוטומטי לא חלים.',
  'reason.untrusted.live':
    'השיחה הזו מכילה טקסט שייתכן שנכתב בידי אחרים, ולכן שום דבר שעולה לאתר החי לא מאושר אוטומטית.',
  'reason.restarted': 'הבקשה נשלחה לפני ששירות הרקע הופעל מחדש.',
  // Notices in the thread (the panel shows them as they were composed).
  'notice.siteRuleAllowedAll': 'הכלל של האתר לכל הכלים התיר את הקריאה הזו.',
  'notice.siteRuleAllowedTool': 'הכלל של האתר עבור "{tool}" התיר את הקריאה הזו.',
  'notice.untrusted':
    'השיחה הזו מכילה עכשיו טקסט שייתכן שנכתב בידי אחרים, ולכן שום דבר שעולה לאתר החי לא מאושר אוטומטית.',
  'notice.grantAdded': '{tool} מותר עד סוף השיחה הזו; אפשר לבטל את ההרשאה בכל עת.',
  'notice.grantRevoked': '{tool} שוב מבקש אישור לכל קריאה בשיחה הזו.',
  'notice.expired': 'תוקף הקריאה ל-{tool} פג בלי החלטה, והיא לא רצה.',
  'notice.callLost': 'לא ניתן היה לשחזר קריאה ל-{tool} אחרי הפעלה מחדש, והיא לא הורצה שוב.',
  'notice.previewDropped':
    'לא ניתן היה לטעון תצוגה מקדימה שמורה; הכרטיס שלה מוצג בלי תצוגה מקדימה.',
  'notice.storedCallLost': 'לא ניתן היה לטעון קריאה שמורה אחרי הפעלה מחדש; היא לא הורצה שוב.',
  'notice.recordCallLost':
    'לא ניתן היה לטעון את הקריאה ל-{tool} אחרי הפעלה מחדש; היא לא הורצה שוב. כדאי לבדוק אם היא השפיעה.',
  'notice.reconciled': '{tool} רץ לפני ההפעלה מחדש; האתר מאשר זאת.',
  'notice.retried': '{tool} רץ כשהדפדפן נעצר; הוא ירוץ פעם נוספת, כי התוסף שלו מציין שזה בטוח.',
  'notice.outcomeUnknown':
    'ייתכן ש-{tool} רץ וייתכן שלא: הדפדפן נעצר בזמן שהוא רץ. כדאי לבדוק את האתר לפני שמבקשים אותו שוב.',
  'notice.modelRetry': 'המודל עמוס ({reason}); מנסים שוב (ניסיון {attempt}).',
  'notice.replyCut': 'התשובה נקטעה במגבלת האורך.',
  'notice.replyRefused': 'המודל סירב לענות.',
  'notice.tooManySteps': 'הסוכן ביצע {count} צעדים בלי לסיים; כדי שימשיך, יש לחדש את השיחה.',
  // English keeps its one form for every count (tests and people know it so); others pluralise.
  'notice.stillWaiting': 'קריאות שעדיין ממתינות ביומן הביקורת: {count}.',
  'notice.selfApproval.unreadable':
    'בהמתנה: האתר דורש אישור שני, וכרגע לא ניתן היה לקרוא את הכללים שלו. אין באפשרותך לאשר את הקריאה הזו בעצמך; אפשר למשוך את הבקשה.',
  'notice.selfApproval.other':
    'האתר הזה מבקש שאדם אחר יאשר את הקריאה הזו ({who}); ביקשת אותה, ולכן אין באפשרותך לאשר אותה בעצמך. אפשר למשוך את הבקשה.',
  'notice.unshown': 'לא ניתן היה לפתוח את השיחה האחרונה שלך, ולכן זו שיחה חדשה. {why}',

  // A thread's stored copy that cannot be opened (the panel shows why; nothing is lost).
  'threadView.notView': 'העותק השמור של השיחה הזו פגום (הוא אינו תצוגה). הוא נשמר כפי שהוא.',
  'threadView.badFormat':
    'העותק השמור של השיחה הזו פגום (הפורמט שלו, {format}, אינו פורמט ש-Countersign כותב). הוא נשמר כפי שהוא.',
  'threadView.newer':
    'השיחה הזו נשמרה בגרסה חדשה יותר של Countersign (פורמט {format}; הגרסה הזו קוראת עד {known}). כדי לפתוח אותה יש לעדכן את ההרחבה. היא נשמרת כפי שהיא.',
  'threadView.damagedAt': 'העותק השמור של השיחה הזו פגום ב-{fields}. הוא נשמר כפי שהוא.',
  'threadView.otherThread':
    'העותק השמור של השיחה הזו מצביע על שיחה אחרת ({thread}). הוא נשמר כפי שהוא.',
  'threadView.unreadable':
    'לא ניתן היה לקרוא את העותק השמור של השיחה הזו מהאחסון. הוא נשמר כפי שהוא.',

  // Why a decision or a request from the panel was refused (nothing changed).
  'decision.wrongOwner':
    'רק הבעלים של השיחה הזו יכולים להחליט על הקריאות שלה; הלשונית שממנה הגיעה ההחלטה מחוברת כמשתמש אחר ({user} ב-{site}).',
  'decision.expired': 'תוקף הקריאה הזו פג לפני שההחלטה הגיעה; היא לא רצה.',
  'decision.notFound': 'אין בשיחה הזו קריאה עם המזהה הזה.',
  'decision.alreadyDecided': 'כבר התקבלה החלטה לגבי הקריאה הזו ({status}).',
  'decision.otherCall': 'הכרטיס הזה לא עדכני: עכשיו ממתינה קריאה אחרת. יש לפתוח את השיחה מחדש.',
  'decision.wrongHash': 'ההחלטה לא תואמת לקריאה הממתינה (גיבוב נתונים שונה).',
  'decision.refreshed':
    'הכרטיס הזה לא עדכני: מה שהוצג בו השתנה, והכרטיס רוענן. יש לעיין בכרטיס המרוענן ואז להחליט.',
  'decision.secondUnknown':
    'בהמתנה: האתר דורש אישור שני, וכרגע לא ניתן היה לקרוא את הכללים שלו. אי אפשר לאשר כאן את הקריאה הזו; אפשר למשוך את הבקשה.',
  'decision.secondRequired':
    'האתר הזה מבקש שאדם אחר יאשר את הקריאה הזו; ביקשת אותה, ולכן אין באפשרותך לאשר אותה בעצמך. אפשר למשוך את הבקשה.',
  'decision.grantNotOffered': 'האפשרות להתיר את הכלי הזה לכל השיחה לא הוצעה עבור הקריאה הזו.',
  // Issue 36 item 1: why a later call of the reply is not shown with the first.
  'batch.alone': 'עדיין אי אפשר להציג אותה יחד עם אלה ({why}); היא תטופל בנפרד אחריהן, לפי הסדר.',
  'batch.secondApprover': 'הקריאה הזו צריכה אישור של אדם אחר, ולכן היא תבקש אישור בנפרד אחרי אלה.',
  'decision.batchStale':
    'הכרטיסים האלה לא עדכניים: אחת הקריאות שבהם כבר אינה זו שמוצגת. יש לעיין בכרטיסים המרועננים ואז להחליט.',
  'decision.editSecondApprover':
    'הקריאה הזו ממתינה לאישור של אדם אחר, ולכן אפשר רק לאשר או לדחות אותה כפי שהוצעה.',
  'decision.editNotOffered': 'אי אפשר לערוך קריאה מהסוג הזה; אפשר לאשר או לדחות אותה כפי שהוצעה.',
  'decision.editField': 'אי אפשר לערוך את "{field}" בכרטיס הזה.',
  'decision.editInvalid': 'אי אפשר להשתמש בגרסה שלך: {reason}',
  'decision.editNothingLeft': 'לא יישאר מה לשנות; עדיף לדחות את הקריאה.',
  'decision.editNeedsSecond':
    'לפי הכללים של האתר הזה, הגרסה שלך תצטרך אישור של אדם אחר; במקום זאת אפשר לדחות את הקריאה ולבקש מהסוכן.',
  'thread.ownerOnly': 'רק הבעלים של השיחה הזו יכולים לעשות זאת.',
  'thread.busyPerson': 'קריאה ממתינה להחלטה שלך (או שהסוכן עדיין עובד); יש לסיים עם זה קודם.',
  'thread.unansweredPerson':
    'הסוכן עדיין לא ענה להודעה האחרונה שלך; אפשר לחכות לתשובה או לחדש את השיחה.',
  'thread.ownerWrite': 'רק הבעלים של השיחה הזו יכולים לכתוב בה.',
  'thread.pendingWrite': 'קריאה ממתינה להחלטה שלך; יש לאשר או לדחות אותה לפני שכותבים.',
  'thread.unfinishedWrite': 'הסוכן לא סיים את הצעד האחרון שלו; יש לחדש קודם את השיחה.',
  'thread.ownerGrants': 'רק הבעלים של השיחה הזו יכולים לשנות את ההרשאות שלה.',
  'thread.ownerEdit': 'רק הבעלים של השיחה הזו יכולים לערוך אותה.',
  'thread.pendingEdit':
    'לפני עריכה של הודעה קודמת יש להחליט על הקריאה הממתינה (או לתת לסוכן לסיים).',
  'thread.noMessage': 'ההודעה הזו לא נמצאת בשיחה הזו.',
  'thread.pendingSend': 'קריאה ממתינה להחלטה שלך; יש לאשר או לדחות אותה קודם.',
  'thread.pendingPersonCall': 'קריאה ממתינה להחלטה שלך; יש להחליט עליה קודם.',
  'thread.indexUnreadable':
    'לא ניתן היה לקרוא את רשימת השיחות שלך מהאחסון, ולכן היא נשארה כפי שהייתה. השיחה עצמה שמורה; כדאי לנסות שוב.',
  'thread.indexNewer':
    'רשימת השיחות שלך נשמרה בגרסה חדשה יותר של Countersign, ולכן היא נשארה כפי שהייתה. השיחה עצמה שמורה; יש לעדכן את התוסף כדי שהרשימה תישאר מעודכנת.',
  'decision.withdrawOffline':
    'לא ניתן היה להגיע לאתר כדי למשוך את הקריאה; היא עדיין ממתינה לאישור של אדם נוסף.',

  // Holds and refusals of the panel's own actions (Publish, Undo, opening a thread).
  'hold.unsaved':
    'עדיין לא הוחל: העריכות שלך שלא נשמרו בעורך הפתוח, בשדות {fields}, יוחלפו. אפשר להחיל בכל זאת, או קודם לשמור או לבטל אותן שם.',
  'hold.unanswered':
    'עדיין לא הוחל: עורך שפתוח על הפריט הזה לא מגיב, והשמירה הבאה שלו עלולה להחזיר את הערכים הישנים מעל השינוי. יש לטעון אותו מחדש או לסגור אותו ואז לאשר, או לאשר בכל זאת.',
  'hold.locked':
    'עדיין לא הוחל: הפוסט הזה בעריכה אצל {who}, ושמירה שם עלולה להחזיר את העותק שלהם מעל השינוי. אפשר לחכות לסיום העריכה, או לאשר בכל זאת.',
  'action.notPublishable': 'אי אפשר לפרסם את התוצאה הזו מכאן.',
  'action.draftNotPublishable': 'אי אפשר לפרסם את הטיוטה הזו.',
  'action.draftUnreadable': 'אי אפשר לקרוא את הטיוטה הזו לצורך פרסום.',
  'action.notUndoable': 'אי אפשר לבטל את השינוי הזה מכאן.',
  'action.undoUnrecorded': 'לא נשמר מידע שמאפשר לבטל את השינוי הזה.',
  'action.undoTwice': 'השינוי הזה כבר בוטל.',
  'action.undoUnrestorable': 'אי אפשר להחזיר את המצב שנשמר.',
  'action.noResult': 'השינוי הזה לא נמצא כאן.',
  'thread.someoneElse': 'השיחה הזו שייכת למישהו אחר.',
  'thread.gone': 'השיחה הזו כבר לא קיימת.',
  'thread.notOpened': 'החלונית הזו עדיין לא פתחה את השיחה.',
  'thread.badRequest': 'החלונית שלחה בקשה ששירות הרקע לא מבין.',
  'thread.badRequestAt': 'החלונית שלחה בקשה ששירות הרקע לא מבין (בשדה {field}).',
  'thread.otherOwner': 'השיחה הזו שייכת לאתר אחר או לאדם אחר.',
  'thread.pendingEditShort': 'לפני עריכה של הודעה קודמת יש להחליט על הקריאה הממתינה.',

  // The audit mirror's state, as the options page shows it (kept until the next attempt).
  'mirror.serverError': 'אירעה שגיאה באתר (HTTP {status}); השליחה תתחדש מעצמה.',
  'mirror.refusedRequest': 'האתר סירב לבקשה (HTTP {status}).',
  'mirror.staleNonce':
    'WordPress לא קיבל אסימון אבטחה חדש עבור ההתחברות הזו: יש לטעון מחדש את לשונית הניהול של WordPress. עד אז, יומן הביקורת ממתין בדפדפן הזה.',
  'mirror.otherUser':
    'באתר הזה מחובר משתמש אחר; הרשומות של משתמש {user} ממתינות עד שמשתמש זה יתחבר.',
  'mirror.notConfirmed': 'האתר לא אישר אותן',
  'mirror.refusedRecords': {
    one: 'האתר סירב לרשומה אחת ({reason}); היא נשארת בדפדפן הזה ותוצע שוב מאוחר יותר.',
    two: 'האתר סירב לשתי רשומות ({reason}); הן נשארות בדפדפן הזה ויוצעו שוב מאוחר יותר.',
    other: 'האתר סירב ל-{count} רשומות ({reason}); הן נשארות בדפדפן הזה ויוצעו שוב מאוחר יותר.',
  },
  'mirror.signedOut':
    'כדי שאפשר יהיה לשלוח את יומן הביקורת, יש לפתוח פעם אחת את ממשק הניהול של {cms} באתר הזה, במצב מחובר.',
  'options.noKey': 'עדיין לא שמור מפתח API: יש לשמור מפתח ואז לבדוק אותו.',
  'sitePolicy.noCompanion':
    'לאתר הזה אין שרת Countersign שישמור כללים משלו: יש להגדיר את הכללים באפשרויות במקום זאת.',
  'approvals.noCompanion':
    'לאתרי {cms} אין שרת Countersign, ולכן אף קריאה לא ממתינה כאן לאישור של אדם נוסף: כל קריאה מוכרעת בחלונית הצד של מי שביקש אותה.',
  'approvals.badRequest': 'תצוגת האישורים שלחה בקשה שהרקע לא מבין.',
  'approvals.noAnswer': 'האתר לא ענה.',

  // Card texts the worker composes.
  'card.settingsChanged':
    'מישהו שמר את ההגדרות האלה אחרי שהכרטיס הזה נבנה: העמודה "נוכחי" מציגה אותן עכשיו. אישור ישמור את הערכים המוצעים במקומן.',
  'card.targetChanged': 'היעד השתנה מאז שהכרטיס הזה נבנה. יש לעיין בערכים המרועננים ולאשר שוב.',

  // Errors shown to the person when nothing more precise can be said.
  'error.internal': 'אירעה שגיאה לא צפויה; הפרטים ביומן השגיאות.',
  'error.badRequest': 'הבקשה פגומה.',

  'search.found': {
    one: 'נמצא פריט אחד עבור "{query}".',
    two: 'נמצאו שני פריטים עבור "{query}".',
    other: 'נמצאו {count} פריטים עבור "{query}".',
  },
  'search.untitled': '(ללא כותרת) #{id}',
  'search.foundNone': 'לא נמצאו פריטים עבור "{query}".',
  ...workerCms,
  ...workerModel,
};
