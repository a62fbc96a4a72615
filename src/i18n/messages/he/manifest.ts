import type { Translation } from '../../message';
import type { manifest as en } from '../en/manifest';

/** הטקסטים של המניפסט (שם, תיאור, כפתור בסרגל הכלים, קיצור מקלדת). */
export const manifest: Translation<typeof en> = {
  name: 'Countersign',
  description: 'סוכן AI לצד ממשק הניהול של מערכת התוכן, שלא משנה דבר עד שאדם מאשר בחתימה נוספת.',
  'action.title': 'פתיחת Countersign',
  'command.open': 'פתיחת לוח הצד של Countersign',
};
