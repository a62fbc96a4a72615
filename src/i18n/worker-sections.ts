import type { Catalogue } from './catalogue';
import { cards as deCards } from './messages/de/cards';
import { common as deCommon } from './messages/de/common';
import { optionsRules as deOptionsRules } from './messages/de/options-rules';
import { worker as deWorker } from './messages/de/worker';
import { cards as heCards } from './messages/he/cards';
import { common as heCommon } from './messages/he/common';
import { optionsRules as heOptionsRules } from './messages/he/options-rules';
import { worker as heWorker } from './messages/he/worker';

/**
 * The sections of each language the background worker speaks from (issue 35: the worker's
 * bundle holds no page's words): its own (`worker`: notifications, notices, card reasons),
 * the post statuses of `cards`, and the rule tester's reasons of `optionsRules` (the worker
 * answers the options page's "try a rule"). A service worker cannot load a chunk later, so
 * these are built in; `scripts/check-worker-words.mjs` fails the build when the worker's code
 * names a key of any other section.
 */
export const WORKER_SECTIONS = ['common', 'cards', 'optionsRules', 'worker'] as const;

export const workerTranslations = {
  de: { common: deCommon, cards: deCards, optionsRules: deOptionsRules, worker: deWorker },
  he: { common: heCommon, cards: heCards, optionsRules: heOptionsRules, worker: heWorker },
} satisfies Record<'de' | 'he', Pick<Catalogue, (typeof WORKER_SECTIONS)[number]>>;
