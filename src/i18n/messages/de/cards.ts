import type { Translation } from '../../message';
import type { cards as en } from '../en/cards';

/** Freigabe-, Entscheidungs- und Ergebniskarten. */
export const cards: Translation<typeof en> = {};
