import type { Translation } from '../../message';
import type { optionsSite as source } from '../en/options-site';

/**
 * יומן הביקורת של אתר בדף ההגדרות. "רשומה" היא, כמו בשאר יומן הביקורת, מה שהסוכן עשה
 * (באנגלית "record"); "חוליה" היא חוליה בשרשרת יומן הביקורת של האתר (באנגלית "entry").
 */
export const optionsSite: Translation<typeof source> = {
  // The site's records.
  'list.titleLoading': 'רשומות ב-{site}',
  'list.titleEveryone': 'הרשומות של כל המשתמשים ב-{site}',
  'list.titleMine': 'הרשומות שלך ב-{site}',
  'list.userId': 'מזהה משתמש',
  'list.filter': 'סינון',
  'list.page': 'עמוד {page}',
  'list.pageRecords': {
    one: 'עמוד {page}, רשומה אחת',
    two: 'עמוד {page}, שתי רשומות',
    other: 'עמוד {page}, {count} רשומות',
  },
  'list.empty': 'אין באתר רשומה שתואמת את המסננים האלה.',
  'list.caption': 'רשומות הביקורת של האתר, מהחדשה לישנה',
  'list.user': 'משתמש',
  'list.changed': 'שונתה במסד הנתונים',
  // Whether the chain holds (A7). An entry is a link of the chain, a record what the agent did.
  'chain.checking': 'בודקים את שרשרת יומן הביקורת של האתר…',
  'chain.error': 'האתר לא הצליח לבדוק את שרשרת יומן הביקורת שלו: {message}',
  'chain.checkAgain': 'בדיקה חוזרת',
  'chain.empty': 'ביומן הביקורת של האתר עדיין אין חוליות; אין מה לבדוק.',
  'chain.intact': {
    one: 'יומן הביקורת של האתר שלם: החוליה היחידה שלו במקומה, וכל רשומה תואמת את מה שהאתר קיבל.',
    two: 'יומן הביקורת של האתר שלם: שתי החוליות שלו מקושרות, וכל רשומה תואמת את מה שהאתר קיבל.',
    other:
      'יומן הביקורת של האתר שלם: כל {count} החוליות שלו מקושרות, וכל רשומה תואמת את מה שהאתר קיבל.',
  },
  'chain.brokenAt':
    'ביומן הביקורת של האתר בוצע שינוי לא מורשה: שרשרת החוליות שלו נקטעת בחוליה {entry}. מנקודה זו והלאה אי אפשר להסתמך על הרשומות כראיה.',
  'chain.broken':
    'ביומן הביקורת של האתר בוצע שינוי לא מורשה: שרשרת החוליות שלו נקטעת. מנקודה זו והלאה אי אפשר להסתמך על הרשומות כראיה.',
  // What a break names first, as the subject of the sentences below: an entry of the chain
  // (missing, unlinked, altered, truncated), or a record (changed, deleted, unchained).
  'chain.entry': 'חוליה {entry}',
  'chain.entryOfRecord': 'חוליה {entry} (רשומה {record})',
  'chain.anEntry': 'חוליה',
  'chain.anEntryOfRecord': 'חוליה (רשומה {record})',
  'chain.record': 'רשומה {record}',
  'chain.recordAt': 'רשומה {record} (חוליה {entry})',
  'chain.aRecord': 'רשומה',
  'chain.aRecordAt': 'רשומה (חוליה {entry})',
  // One break of the chain, each a whole sentence about its subject.
  'chain.missing': '{subject} חסרה: היא נמחקה ממסד הנתונים.',
  'chain.unlinked': '{subject} לא ממשיכה את החוליה שלפניה: חוליה קודמת הוסרה או שונתה.',
  'chain.altered': '{subject} שונתה במסד הנתונים אחרי שהאתר כתב אותה.',
  'chain.truncated': '{subject} והחוליות שאחריה חסרות: סוף השרשרת נמחק.',
  'chain.changed': '{subject} שונתה במסד הנתונים אחרי שהאתר קיבל אותה.',
  'chain.deleted': '{subject} נמחקה ממסד הנתונים (לא בגלל הגדרת תקופת השמירה).',
  'chain.unchained':
    '{subject} נמצאת במסד הנתונים אבל לא בשרשרת: היא הוכנסה לשם ידנית, ולא התקבלה דרך האתר.',
  // The export's status line, and what the export's chain header says.
  'export.exporting': 'מייצאים…',
  'export.done': {
    one: 'יוצאה רשומה אחת.',
    two: 'יוצאו שתי רשומות.',
    other: 'יוצאו {count} רשומות.',
  },
  'export.chainUnknown':
    'האתר לא ציין אם שרשרת יומן הביקורת שלו שלמה, ולכן אי אפשר לערוב לקובץ הזה.',
  'export.chainIntact': {
    one: 'האתר בדק את שרשרת יומן הביקורת שלו: שלמה (חוליה אחת).',
    two: 'האתר בדק את שרשרת יומן הביקורת שלו: שלמה (שתי חוליות).',
    other: 'האתר בדק את שרשרת יומן הביקורת שלו: שלמה ({count} חוליות).',
  },
  'export.chainBrokenAt':
    'אזהרה: שרשרת יומן הביקורת של האתר נקטעת בחוליה {entry}; הקובץ הזה מכיל את מה שיש כעת במסד הנתונים, וייתכן שבוצע בו שינוי לא מורשה.',
  'export.chainBroken':
    'אזהרה: שרשרת יומן הביקורת של האתר נקטעת; הקובץ הזה מכיל את מה שיש כעת במסד הנתונים, וייתכן שבוצע בו שינוי לא מורשה.',
  // Who vouches for a record's facts (A7).
  'attest.title': 'מי ערב לרשומה הזו',
  'attest.none': 'התוסף באתר הזה לא מאמת את הרשומות שלו: כל מה שמופיע למטה הוא מה שהדפדפן דיווח.',
  'attest.seenBySite': 'מה שהאתר ראה',
  'attest.reportedByBrowser': 'מה שהדפדפן דיווח (האתר לא ראה את אלה)',
  'attest.decidedBy': 'מי החליט',
  'attest.created': 'נוצרה',
  'attest.steps': 'שלבים',
  'attest.step': '{status} {when}',
  'attest.sentBy': 'נשלחה על ידי',
  'attest.received': 'התקבלה',
  'attest.lastReceived': 'הגרסה האחרונה שהתקבלה',
  'attest.decidedOnSite': 'ההחלטה התקבלה באתר',
  'attest.decided': '{status} על ידי {person}, {when}',
  'attest.expired': 'פג תוקף: אף אחד לא החליט בזמן, {when}',
  'attest.written': 'נכתבה',
  'attest.writtenBySite': 'על ידי האתר עצמו (הדפדפן לא דיווח דבר)',
  // A person as the site names them.
  'person.user': 'משתמש {id}',
  'person.named': '{name} (משתמש {id})',
  'person.withLogin': '{name} ({login}, משתמש {id})',
};
