import type { Translation } from '../../message';
import type { common as en } from '../en/common';

/** מילים המשותפות ללוח הצד, לכרטיסים, לדף ההגדרות ולתצוגת האישורים. */
export const common: Translation<typeof en> = {
  'app.name': 'Countersign',
  'language.auto': 'כמו בדפדפן ({language})',
  'language.label': 'שפה',
  'language.help':
    'השפה של הטקסטים של Countersign עצמו. הסוכן עונה בשפה שמוגדרת בפרופיל WordPress.',
  'language.saved': 'השפה נשמרה. דפים פתוחים יציגו אותה אחרי טעינה מחדש.',
  'action.close': 'סגירה',
  'action.cancel': 'ביטול',
  'action.retry': 'ניסיון חוזר',
  'action.save': 'שמירה',
  'state.loading': 'בטעינה…',
  'time.justNow': 'הרגע',
  'count.items': { one: 'פריט אחד', two: 'שני פריטים', other: '{count} פריטים' },
};
