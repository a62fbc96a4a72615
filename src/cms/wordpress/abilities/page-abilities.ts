import { z } from 'zod';
import { logger } from '../../../shared/log';
import { CountersignError } from '../../../shared/errors';
import type { WpSession } from '../session';
import type { Ability, AbilityCatalog } from './discover';
import { toAbility } from './discover';
import type { AbilityRun } from './run';
import { AbilityCategorySchema } from './schema';
import { asData } from './run';

const log = logger('wp-page-abilities');

/** How long a page may take to list its abilities, and to run one. */
const READ_TIMEOUT_MS = 3_000;
const RUN_TIMEOUT_MS = 60_000;
/** The most abilities one page may offer (more are left out, with a warning). */
const MAX_PAGE_ABILITIES = 100;

/* eslint-disable @typescript-eslint/no-explicit-any -- the page's `wp` global has no types */

/**
 * Runs in the admin page (MAIN world, `chrome.scripting.executeScript`: self-contained, JSON
 * out): the abilities the page's own JavaScript registered through `@wordpress/abilities`
 * (WordPress 7.0+), read from its `core/abilities` data store. Those the server registered
 * (mirrored into the store by `@wordpress/core-abilities`) are left out: discovery reads them
 * from the REST API. What comes back is untrusted and validated in the worker.
 */
export function readAbilitiesInPage(max: number): unknown {
  const store = (window as any).wp?.data?.select?.('core/abilities');
  if (!store || typeof store.getAbilities !== 'function') return { abilities: [], categories: [] };
  const plain = (value: unknown): unknown => {
    try {
      return JSON.parse(JSON.stringify(value ?? null));
    } catch {
      return null;
    }
  };
  const all: any[] = Array.isArray(store.getAbilities()) ? store.getAbilities() : [];
  const mine = all.filter(
    (a) =>
      a?.meta?.annotations?.clientRegistered === true && !a?.meta?.annotations?.serverRegistered,
  );
  const categories: any[] =
    typeof store.getAbilityCategories === 'function' ? (store.getAbilityCategories() ?? []) : [];
  return {
    total: mine.length,
    abilities: mine.slice(0, max).map((a) => ({
      name: a.name,
      label: a.label,
      description: a.description,
      category: a.category,
      input_schema: plain(a.input_schema) ?? undefined,
      output_schema: plain(a.output_schema) ?? undefined,
      meta: { annotations: plain(a.meta?.annotations) },
    })),
    categories: categories.map((c) => ({
      slug: c?.slug,
      label: c?.label,
      description: c?.description,
    })),
  };
}

/**
 * Runs in the admin page: one approved page ability, as `executeAbility` of
 * `@wordpress/abilities` does (its permission callback first, then its callback), with the
 * input the worker already checked. An ability the page no longer holds (the tab moved on,
 * or the page was reloaded without it) answers `gone`; nothing runs.
 */
export async function runAbilityInPage(name: string, input: unknown): Promise<unknown> {
  const store = (window as any).wp?.data?.select?.('core/abilities');
  const ability = store?.getAbility?.(name);
  const annotations = ability?.meta?.annotations;
  if (
    !ability ||
    typeof ability.callback !== 'function' ||
    annotations?.clientRegistered !== true ||
    annotations?.serverRegistered
  ) {
    return { status: 'gone' };
  }
  try {
    if (typeof ability.permissionCallback === 'function') {
      if (!(await ability.permissionCallback(input))) return { status: 'refused' };
    }
    const output = await ability.callback(input);
    return { status: 'done', output: JSON.parse(JSON.stringify(output ?? null)) };
  } catch (error: any) {
    return { status: 'failed', message: String(error?.message ?? error).slice(0, 500) };
  }
}

/* eslint-enable @typescript-eslint/no-explicit-any */

const PageListSchema = z.object({
  total: z.number().int().nonnegative().optional(),
  abilities: z.array(z.unknown()).max(MAX_PAGE_ABILITIES),
  categories: z.array(z.unknown()).max(500),
});

const PageRunSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('gone') }),
  z.object({ status: z.literal('refused') }),
  z.object({ status: z.literal('done'), output: z.unknown() }),
  z.object({ status: z.literal('failed'), message: z.string().max(500) }),
]);

/**
 * Issue 34 item 3: the abilities the admin page of this session registered itself, as the
 * person sees them there. None when the session has no tab, the page has no abilities store
 * (before WordPress 7.0), or the page does not answer in time: the site's own abilities work
 * without them. Each entry is checked exactly as a served one (`toAbility`).
 */
export async function discoverPageAbilities(
  session: WpSession,
): Promise<Pick<AbilityCatalog, 'abilities' | 'categories'>> {
  const none = { abilities: [], categories: [] };
  if (!session.tabs || session.tabId === undefined) return none;
  let raw: unknown;
  try {
    raw = await session.tabs.run(
      session.tabId,
      readAbilitiesInPage,
      [MAX_PAGE_ABILITIES],
      READ_TIMEOUT_MS,
    );
  } catch (error) {
    log.info('the admin page did not list its abilities', error);
    return none;
  }
  const parsed = PageListSchema.safeParse(raw);
  if (!parsed.success) {
    log.warn('the admin page answered abilities that are not a list', parsed.error.message);
    return none;
  }
  if ((parsed.data.total ?? 0) > MAX_PAGE_ABILITIES) {
    log.warn(
      `the admin page offers ${parsed.data.total} abilities; the first ${MAX_PAGE_ABILITIES} are used`,
    );
  }
  const abilities: Ability[] = [];
  for (const entry of parsed.data.abilities) {
    const ability = toAbility(entry, 'page');
    if ('reason' in ability)
      log.warn(`page ability ${JSON.stringify(ability.name)} left out: ${ability.reason}`);
    else if (!abilities.some((a) => a.toolName === ability.toolName)) abilities.push(ability);
  }
  const categories = parsed.data.categories.flatMap((c) => {
    const category = AbilityCategorySchema.safeParse(c);
    return category.success ? [category.data] : [];
  });
  return { abilities, categories };
}

/** The admin page that offered an ability is no longer there to run it. */
export class PageGoneError extends CountersignError {
  constructor(label: string) {
    super(
      'page-gone',
      `The admin page that offered "${label}" is gone (closed, reloaded or moved on), so it did not run. Open that page again and ask again.`,
    );
  }
}

/** A page ability's own code threw; what it said is the page's text, bounded. */
export class PageAbilityFailedError extends CountersignError {
  constructor(label: string, said: string) {
    super(
      'page-ability-failed',
      `"${label}" failed in the admin page, which said: ${said.slice(0, 200)}`,
    );
  }
}

/**
 * Runs an approved page ability in the session's admin tab. The page decides permission now
 * (`refused`, A4); a page that no longer holds it throws {@link PageGoneError} and nothing
 * ran; an error thrown by the ability's own code is reported as its failure. The answer is
 * data, checked against the output schema as a site's is.
 */
export async function runPageAbility(
  session: WpSession,
  ability: Pick<Ability, 'name' | 'label' | 'output'>,
  input: unknown,
): Promise<AbilityRun> {
  if (!session.tabs || session.tabId === undefined) throw new PageGoneError(ability.label);
  let raw: unknown;
  try {
    raw = await session.tabs.run(
      session.tabId,
      runAbilityInPage,
      [ability.name, input ?? null],
      RUN_TIMEOUT_MS,
    );
  } catch (error) {
    log.info(`page ability ${ability.name} could not be run in its tab`, error);
    throw new PageGoneError(ability.label);
  }
  const answer = PageRunSchema.safeParse(raw);
  if (!answer.success) {
    throw new PageAbilityFailedError(ability.label, 'an answer that is not one (left unread)');
  }
  switch (answer.data.status) {
    case 'gone':
      throw new PageGoneError(ability.label);
    case 'refused':
      return {
        status: 'refused',
        code: 'ability_permission_denied',
        message: 'the page refused to run it for you',
      };
    case 'failed':
      throw new PageAbilityFailedError(ability.label, answer.data.message);
    case 'done':
      return asData(answer.data.output, ability.output);
  }
}
