import type { Translation } from '../../message';
import type { options as en } from '../en/options';

/** Die Einstellungsseite. */
export const options: Translation<typeof en> = {};
