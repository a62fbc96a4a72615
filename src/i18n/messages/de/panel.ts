import type { Translation } from '../../message';
import type { panel as en } from '../en/panel';

/** Die Seitenleiste: Eingabe, Verlauf, Werkzeugzeilen, Hinweise. */
export const panel: Translation<typeof en> = {};
