import { approvals } from './approvals';
import { cards } from './cards';
import { common } from './common';
import { manifest } from './manifest';
import { options } from './options';
import { optionsAbilities } from './options-abilities';
import { optionsAudit } from './options-audit';
import { optionsRules } from './options-rules';
import { optionsSite } from './options-site';
import { panel } from './panel';
import { worker } from './worker';

/**
 * The English catalogue: the source every other language translates. One section per part
 * of the product, so that each file stays small and its keys read as `section.key`.
 */
export const en = {
  common,
  panel,
  cards,
  options,
  optionsRules,
  optionsAbilities,
  optionsAudit,
  optionsSite,
  approvals,
  worker,
  manifest,
} as const;
