import type { Translation } from '../../message';
import type { workerModel as en } from '../en/worker-model';

/**
 * Part of the `worker` section: what the person reads when the model fails or is retried, what
 * the panel's commands say without a model (R3), and the options page's connection test (src/agent/claude/failure-message.ts, test-connection.ts).
 */
export const workerModel: Translation<typeof en> = {
  'model.noCompanion':
    'לאתרי {cms} אין חיבור AI משלהם עבור Countersign: יש להגדיר מפתח API משלך באפשרויות, ואז לשלוח את ההודעה שוב.',
  'model.optionsHint': 'האפשרויות של Countersign, תחת „חיבור”',
  'model.tried': 'מספר הניסיונות החוזרים של Countersign: {count}.',
  'model.kept': 'השיחה נשמרת: אפשר לשלוח את ההודעה שוב כשהבעיה תיפתר.',
  'model.failure.forbidden':
    'Claude דחה את מפתח ה-API הזה עבור הבקשה הזו (403, אין הרשאה). יש לבדוק את המפתח ואת המודל ב{options}.',
  'model.failure.auth':
    'Claude דחה את מפתח ה-API ({label}, שגיאת אימות). יש להגדיר מפתח API תקין ב{options}.',
  'model.failure.rateLimit': 'הגעת למגבלת הבקשות של Claude ({label}).',
  'model.advice.rateLimit': 'כדאי להמתין דקה ולנסות שוב.',
  'model.failure.overloaded': 'Claude עמוס כרגע ({label}).',
  'model.advice.overloaded': 'אפשר לנסות שוב בעוד כמה דקות, או לבחור מודל אחר.',
  'model.failure.network': 'ל-Countersign לא הייתה גישה ל-API של Claude בכתובת {host}.',
  'model.advice.network': 'יש לבדוק את החיבור ואת כתובת הבסיס של ה-API ב{options}.',
  'model.failure.badRequest': 'Claude דחה את הבקשה ({label}).',
  'model.failure.badRequestSaid': 'Claude דחה את הבקשה ({label}: {said}).',
  'model.failure.interrupted': 'התשובה נעצרה לפני שהסתיימה.',
  'model.failure.server': 'ה-API של Claude נכשל ({label}).',
  'model.failure.cutOff':
    'התשובה נקטעה לפני שהסתיימה ({cause}). מה שהגיע נשמר; שום דבר מהחלק שנקטע לא הופעל.',
  'model.failure.stoppedBeforeStart': 'התשובה נעצרה לפני שהתחילה.',
  'model.cause.stopped': 'נעצרה',
  'model.cause.earlyEnd': 'הזרם הסתיים מוקדם מדי',
  'model.retry.rateLimit': 'הגעת למגבלת הבקשות של Claude ({label})',
  'model.retry.overloaded': 'Claude עמוס ({label})',
  'model.retry.network': 'החיבור ל-Claude נכשל',
  'model.retry.server': 'ה-API של Claude נכשל ({label})',
  'model.site.ownKey': 'כדי להמשיך לעבוד עכשיו, יש להגדיר מפתח Anthropic משלך ב{options}.',
  'model.site.refused': 'חיבור ה-AI של {host} סירב: {said}',
  'model.site.noRoute':
    'ל-{host} אין חיבור AI: התוסף Countersign לא פעיל שם, או שהוא ישן יותר מההרחבה הזו. אפשר לפנות למנהל האתר, או להשתמש במפתח משלך.',
  'model.site.session':
    '{host} לא קיבל את ההתחברות שלך לחיבור ה-AI שלו ({label}). יש לפתוח את ממשק הניהול בלשונית, להתחבר שוב ואז לשלוח את ההודעה שוב.',
  'model.site.unreachable': 'ל-Countersign לא הייתה גישה ל-{host} עבור חיבור ה-AI שלו.',
  'model.test.ok': 'מחובר ל-{host}: מספר המודלים שהמפתח הזה יכול להשתמש בהם: {count}.',
  'model.test.invalidKey':
    '{host} דחה את מפתח ה-API הזה ({label}). יש לבדוק שהעתקת את המפתח כולו אל {options}.',
  'model.test.unreachable':
    'ל-Countersign לא הייתה גישה ל-{host}. יש לבדוק את כתובת הבסיס של ה-API ואת החיבור.',
  // The no-agent mode (no API key): its commands and answers.
  'none.empty': 'יש להקליד משהו כדי לחפש.',
  'none.help':
    'פקודות: /search מילים · /open נתיב-בממשק-הניהול (למשל /open edit.php) · /publish post 12 · /trash post 12. כל טקסט אחר מחפש בתוכן שלך.',
  'none.usage.search': 'שימוש: /search מילים',
  'none.usage.open': 'שימוש: /open edit.php',
  'none.usage.entity': 'שימוש: /{command} post 12 (או page 7)',
  'none.opened': 'נפתח: {path}.',
  'none.trashed': 'הועבר לפח: {type} {id}.',
  'none.published': 'פורסם: {type} {id}.',
  'none.rejected': 'נדחה: שום דבר לא שונה.',
  'none.failed': 'זה לא הצליח: {detail}',
};
