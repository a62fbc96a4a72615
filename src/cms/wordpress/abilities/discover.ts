import { z } from 'zod';
import { CmsHttpError } from '../../http-error';
import { logger } from '../../../shared/log';
import type { WpSession } from '../session';
import { type AbilityAnnotations, type AbilityClass, classifyAbility } from './classify';
import { compileAbilitySchema } from './json-schema';
import { toolNameOfAbility, type AbilityHome } from './names';
import {
  type AbilityCategory,
  AbilityCategorySchema,
  type AbilityEntry,
  AbilityEntrySchema,
} from './schema';

const log = logger('wp-abilities');

/** WordPress's own cap on `per_page`, and how many pages discovery reads at most. */
const PER_PAGE = 100;
export const MAX_PAGES = 20;

/** One ability the site offers, checked and ready to become a tool. */
export interface Ability {
  name: string;
  toolName: string;
  /** Registered on the server (run over REST), or by the admin page (run in that page). */
  home: AbilityHome;
  label: string;
  description: string;
  category: string;
  annotations: AbilityAnnotations;
  cls: AbilityClass;
  /** The raw input schema as served (bounded), for the model; `undefined`: none. */
  inputSchema?: Record<string, unknown>;
  input?: z.ZodType;
  output?: z.ZodType;
  /** What the extension does not check itself (the site does, when it runs). */
  notes: string[];
}

/** What discovery found: the abilities, their categories, and what was left out and why. */
export interface AbilityCatalog {
  abilities: Ability[];
  categories: AbilityCategory[];
  skipped: { name: string; reason: string }[];
}

const EMPTY: AbilityCatalog = { abilities: [], categories: [], skipped: [] };

/**
 * Every ability the signed-in person's session can see, read once per session (all pages).
 * A site without the Abilities API (WordPress before 6.9) has none; a bad entry is skipped
 * with a logged reason naming it and never stops discovery.
 */
export function discoverAbilities(session: WpSession): Promise<AbilityCatalog> {
  return session.cached('abilities', () => loadCatalog(session));
}

/** Discovery without the session cache, `perPage` at most 100 (tests cross pages with less). */
export async function loadCatalog(session: WpSession, perPage = PER_PAGE): Promise<AbilityCatalog> {
  let rawAbilities: unknown[];
  try {
    rawAbilities = await readAll(session, 'wp-abilities/v1/abilities', perPage);
  } catch (error) {
    if (noAbilitiesApi(error)) return EMPTY;
    throw error;
  }
  const catalog: AbilityCatalog = { abilities: [], categories: [], skipped: [] };
  const seenTools = new Map<string, string>();
  for (const raw of rawAbilities) {
    const result = toAbility(raw);
    if ('reason' in result) {
      catalog.skipped.push(result);
      continue;
    }
    const clash = seenTools.get(result.toolName);
    if (clash !== undefined) {
      catalog.skipped.push({ name: result.name, reason: `its tool name is taken by ${clash}` });
      continue;
    }
    seenTools.set(result.toolName, result.name);
    catalog.abilities.push(result);
  }
  catalog.categories = await readCategories(session);
  for (const skip of catalog.skipped) {
    log.warn(`ability ${JSON.stringify(skip.name)} left out: ${skip.reason}`);
  }
  return catalog;
}

/** Checks one served entry; the reason names the field that is wrong. */
export function toAbility(
  raw: unknown,
  home: AbilityHome = 'site',
): Ability | { name: string; reason: string } {
  const name = nameOf(raw);
  const parsed = AbilityEntrySchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { name, reason: `${issue?.path.join('.') || 'entry'}: ${issue?.message ?? 'invalid'}` };
  }
  const entry: AbilityEntry = parsed.data;
  if (entry.meta?.show_in_rest === false) return { name, reason: 'it is not offered over REST' };
  const input = compileAbilitySchema(entry.input_schema);
  if (!input.ok) return { name, reason: `input_schema: ${input.reason}` };
  const output = compileAbilitySchema(entry.output_schema);
  if (!output.ok) return { name, reason: `output_schema: ${output.reason}` };
  const annotations = entry.meta?.annotations ?? {};
  return {
    name: entry.name,
    toolName: toolNameOfAbility(entry.name, home),
    home,
    label: entry.label,
    description: entry.description,
    category: entry.category,
    annotations,
    cls: classifyAbility(annotations),
    inputSchema: input.validator ? (entry.input_schema as Record<string, unknown>) : undefined,
    input: input.validator,
    output: output.validator,
    notes: [...new Set([...input.notes, ...output.notes])],
  };
}

async function readCategories(session: WpSession): Promise<AbilityCategory[]> {
  let raws: unknown[];
  try {
    raws = await readAll(session, 'wp-abilities/v1/categories');
  } catch (error) {
    // Categories only group the list; without them every ability still works.
    log.warn('ability categories could not be read', error);
    return [];
  }
  const categories: AbilityCategory[] = [];
  for (const raw of raws) {
    const parsed = AbilityCategorySchema.safeParse(raw);
    if (parsed.success) categories.push(parsed.data);
    else
      log.warn(
        `ability category ${JSON.stringify(nameOf(raw, 'slug'))} left out`,
        parsed.error.message,
      );
  }
  return categories;
}

/** Reads every page of a collection (bounded by {@link MAX_PAGES}). */
async function readAll(session: WpSession, path: string, perPage = PER_PAGE): Promise<unknown[]> {
  const items: unknown[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const response = await session.client.get(path, {
      schema: z.array(z.unknown()),
      query: { context: 'edit', per_page: perPage, page },
    });
    items.push(...response.data);
    const pages = response.totalPages ?? 1;
    if (page >= pages || response.data.length === 0) return items;
    if (page === MAX_PAGES) {
      log.warn(`${path}: only the first ${MAX_PAGES * perPage} of ${response.total} are read`);
    }
  }
  return items;
}

/** The Abilities API is absent (before 6.9) or hidden from this person: no abilities. */
function noAbilitiesApi(error: unknown): boolean {
  if (!(error instanceof CmsHttpError)) return false;
  if (error.kind === 'not-found' && error.cmsCode === 'rest_no_route') return true;
  // 403 only: a 401 means the session is gone, which the person must hear about.
  if (error.kind === 'forbidden') {
    log.info('this account may not list abilities', error.cmsCode);
    return true;
  }
  return false;
}

function nameOf(raw: unknown, key = 'name'): string {
  const value = raw && typeof raw === 'object' ? (raw as Record<string, unknown>)[key] : undefined;
  return typeof value === 'string' ? value.slice(0, 80) : '(unnamed)';
}
