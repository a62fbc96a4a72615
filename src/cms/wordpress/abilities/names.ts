/**
 * Ability names (`namespace/name`, WordPress allows `[a-z0-9-]` on each side) mapped to tool
 * names the model API accepts (`^[a-zA-Z0-9_-]{1,64}$`), reversibly and without collisions.
 *
 * - `ab_<namespace>_<name>` when it fits in 64 characters. Neither side may hold `_`, so the
 *   single `_` after the prefix splits it back: {@link abilityNameOfTool} reverses it alone.
 * - `abh_<hash>_<readable start>` when it does not: a 64-bit FNV-1a hash of the full ability
 *   name (13 base-36 characters) keeps distinct names apart; the registry keeps the map back.
 *   The third character (`_` against `h`) keeps the two forms disjoint.
 * - Abilities the admin page registers in its own JavaScript (issue 34 item 3) take `abp_`
 *   and `abq_` the same way, so a page's ability can never stand for the site's of the same
 *   name, nor take its rules.
 */

/** The model API's limit on a tool name. */
export const MAX_TOOL_NAME = 64;
/** WordPress's own rule for an ability name (`WP_Abilities_Registry::register`). */
export const ABILITY_NAME_PATTERN = /^[a-z0-9-]+\/[a-z0-9-]+$/;

const PLAIN = 'ab_';
const HASHED = 'abh_';
const PAGE_PLAIN = 'abp_';
const PAGE_HASHED = 'abq_';

/** Where an ability lives: registered on the server, or by the admin page's JavaScript. */
export type AbilityHome = 'site' | 'page';

/** The tool name for an ability name; throws on a name WordPress itself would refuse. */
export function toolNameOfAbility(abilityName: string, home: AbilityHome = 'site'): string {
  if (!ABILITY_NAME_PATTERN.test(abilityName)) {
    throw new Error(`"${abilityName.slice(0, 80)}" is not a WordPress ability name.`);
  }
  const plain = (home === 'page' ? PAGE_PLAIN : PLAIN) + abilityName.replace('/', '_');
  if (plain.length <= MAX_TOOL_NAME) return plain;
  const hash = fnv1a64(abilityName).toString(36).padStart(13, '0');
  const head = (home === 'page' ? PAGE_HASHED : HASHED) + hash + '_';
  return head + abilityName.replace('/', '_').slice(0, MAX_TOOL_NAME - head.length);
}

/**
 * The ability name a plain tool name stands for; `undefined` for a hashed name (look it up in
 * the session's map) or for anything that is not an ability tool name.
 */
export function abilityNameOfTool(toolName: string): string | undefined {
  const prefix = [PLAIN, PAGE_PLAIN].find((p) => toolName.startsWith(p));
  if (!prefix) return undefined;
  const rest = toolName.slice(prefix.length);
  const parts = rest.split('_');
  if (parts.length !== 2) return undefined;
  const name = `${parts[0]}/${parts[1]}`;
  return ABILITY_NAME_PATTERN.test(name) ? name : undefined;
}

/** How ability tool names start (either form, the site's and the page's). */
export const ABILITY_TOOL_PREFIXES: readonly string[] = [PLAIN, HASHED, PAGE_PLAIN, PAGE_HASHED];

/** Whether a tool name has the shape of an ability tool (either form, either home). */
export function isAbilityToolName(toolName: string): boolean {
  return ABILITY_TOOL_PREFIXES.some((prefix) => toolName.startsWith(prefix));
}

/** 64-bit FNV-1a over UTF-16 code units (ability names are ASCII): short, sync, stable. */
function fnv1a64(text: string): bigint {
  let hash = 0xcbf29ce484222325n;
  for (let i = 0; i < text.length; i++) {
    hash ^= BigInt(text.charCodeAt(i));
    hash = (hash * 0x100000001b3n) & 0xffffffffffffffffn;
  }
  return hash;
}
