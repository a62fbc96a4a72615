import type { Translation } from '../../message';
import type { worker as en } from '../en/worker';

/** Texte, die der Hintergrunddienst verfasst: Benachrichtigungen, Hinweise, Kartentitel. */
export const worker: Translation<typeof en> = {};
