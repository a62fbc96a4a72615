import type { Translation } from '../../message';
import type { manifest as en } from '../en/manifest';

/** Die Texte des Manifests (Name, Beschreibung, Symbolleistenknopf, Tastenkürzel). */
export const manifest: Translation<typeof en> = {
  name: 'Countersign',
  description:
    'Ein KI-Agent neben Ihrer CMS-Verwaltung, der nichts ändert, bevor ein Mensch gegenzeichnet.',
  'action.title': 'Countersign öffnen',
  'command.open': 'Die Seitenleiste von Countersign öffnen',
};
