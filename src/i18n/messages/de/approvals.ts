import type { Translation } from '../../message';
import type { approvals as en } from '../en/approvals';

/** Die Freigabeansicht für zweite Freigebende. */
export const approvals: Translation<typeof en> = {};
