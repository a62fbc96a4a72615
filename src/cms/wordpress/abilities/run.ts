import { z } from 'zod';
import { CmsHttpError } from '../../http-error';
import type { WpSession } from '../session';
import { runMethod } from './classify';
import type { Ability } from './discover';
import { schemaProblems } from './json-schema';

/** The bound on an ability's answer kept for the model and the card (characters of JSON). */
export const MAX_OUTPUT_CHARS = 20_000;

/** How a run ended: the site's answer as data (checked against the output schema), or refused. */
export type AbilityRun =
  | { status: 'done'; output: unknown; outputProblems: string[]; truncated: boolean }
  | { status: 'refused'; code: string; message: string };

/** WordPress's codes for "this person may not run this" (A4: recorded as refused). */
const REFUSAL_CODES = new Set(['rest_ability_cannot_execute', 'rest_forbidden']);

/**
 * Runs an approved ability as the signed-in person, by the method its annotations demand
 * (GET and DELETE carry `input` in the query, POST in the body). The site checks permission
 * only now: a refusal comes back as `refused`, never thrown. Any other failure throws the
 * client's {@link CmsHttpError}. The answer is data: checked against the output schema, and
 * what does not match is reported beside it, never trusted.
 */
export async function runAbility(
  session: WpSession,
  ability: Pick<Ability, 'name' | 'annotations' | 'output'>,
  input: unknown,
  signal?: AbortSignal,
): Promise<AbilityRun> {
  const method = runMethod(ability.annotations);
  const path = `wp-abilities/v1/abilities/${ability.name}/run`;
  const carriesQuery = method !== 'POST';
  try {
    const response = await session.client.request(method, path, {
      schema: z.unknown(),
      query: carriesQuery ? queryOf(input) : undefined,
      body: carriesQuery || input === undefined ? undefined : { input },
      signal,
    });
    return asData(response.data, ability.output);
  } catch (error) {
    if (error instanceof CmsHttpError && error.cmsCode && REFUSAL_CODES.has(error.cmsCode)) {
      return { status: 'refused', code: error.cmsCode, message: error.message };
    }
    throw error;
  }
}

export function asData(output: unknown, schema: z.ZodType | undefined): AbilityRun {
  const text = JSON.stringify(output) ?? 'null';
  const truncated = text.length > MAX_OUTPUT_CHARS;
  return {
    status: 'done',
    output: truncated ? text.slice(0, MAX_OUTPUT_CHARS) : output,
    outputProblems: schemaProblems(schema, output),
    truncated,
  };
}

/**
 * `input` as PHP reads a query (`input[post_id]=5`, `input[fields][0]=name`); WordPress 7.1
 * coerces the strings back to the schema's types before it checks them.
 */
export function queryOf(input: unknown): Record<string, string> | undefined {
  if (input === undefined || input === null) return undefined;
  const out: Record<string, string> = {};
  const add = (key: string, value: unknown): void => {
    if (value === null || value === undefined) return;
    if (typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) add(`${key}[${k}]`, v);
      return;
    }
    out[key] = String(value);
  };
  add('input', input);
  return out;
}
