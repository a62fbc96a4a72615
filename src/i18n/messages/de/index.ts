import type { Catalogue } from '../../catalogue';
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

/** The German catalogue (every key of the English one; the types and a unit check say so). */
export const de: Catalogue = {
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
};
