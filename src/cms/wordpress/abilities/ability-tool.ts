import { z } from 'zod';
import type { AnyTool, SiteToolOrigin, ToolResult } from '../../../tools/tool';
import { ToolRefusedError } from '../../../tools/tool-refused';
import { ANSWER_MAX } from '../../../tools/result-display';
import { sessionOf } from '../session';
import { abilityCardData } from './card';
import { entityName, MAX_NAMED } from './entity-names';
import { mayRetryOnce, toolClassification } from './classify';
import type { Ability, AbilityCatalog } from './discover';
import type { AbilityAnnotations } from './classify';
import { runAbility } from './run';
import { runPageAbility } from './page-abilities';
import { t } from '../../../i18n';

/** The input key a non-object schema is wrapped under: the model API wants an object. */
const WRAPPED = 'input';

/** A site refused to run an approved ability for this person (A4: the run-time refusal). */
export class AbilityRefusedError extends ToolRefusedError {
  constructor(label: string, message: string) {
    super(`The site refused to run "${label}": ${message}`);
  }
}

/**
 * Issue 34 item 2: one ability as a tool, gated like every tool. The model is offered the
 * ability's own (bounded) JSON Schema; every call is checked against the schema compiled
 * with zod before any card (T5), so a bad field is named and nothing is asked or sent. The
 * class its annotations claim decides the gate (`classify.ts`: unclassified has no
 * classification, so it always asks, G2). The site checks permission only when it runs.
 */
export function abilityTool(ability: Ability, group?: string): AnyTool {
  const shape = shapeOf(ability);
  const description = ability.description.trim() || ability.label;
  const page = ability.home === 'page';
  return {
    name: ability.toolName,
    label: ability.label,
    description: page
      ? `${description} (an ability the person's open admin page registered, "${ability.name}"; it runs in that page)`
      : `${description} (a WordPress ability of this site, "${ability.name}")`,
    cardDescription: description,
    input: shape.input,
    modelSchema: shape.model,
    classification: toolClassification(ability.cls),
    accessHint: page
      ? 'The admin page decides who may run this ability when it runs there.'
      : 'The site decides who may run this ability when it runs.',
    retryOnce: mayRetryOnce(ability.annotations) || undefined,
    siteOrigin: {
      claims: claimsOf(ability.annotations),
      ...(group ? { group } : {}),
      ...(page ? { page: true as const } : {}),
    },
    // G5: there is no dry run; the site checks permission when the ability runs, and a
    // refusal then is reported as the site's (see execute).
    access: () => Promise.resolve({ ok: true as const }),
    async argumentCard(input: unknown, ctx) {
      const data = abilityCardData(ability, shape.unwrap(input));
      // C3: an id argument shows the entity's name, read with the person's session.
      const looked = data.arguments.filter((arg) => arg.names).slice(0, MAX_NAMED);
      const names = new Map(
        await Promise.all(
          looked.map(
            async (arg) =>
              [arg.key, await entityName(sessionOf(ctx), arg.names!.kind, arg.names!.id)] as const,
          ),
        ),
      );
      // Bounded as the card protocol takes them: a site's schema may carry long texts.
      const args = data.arguments.map(({ key, title, description, value, names: ref }) => {
        const name = names.get(key);
        return {
          key: key.slice(0, 200),
          title: clipped(title, 400),
          description: description === undefined ? undefined : clipped(description, 4000),
          value: clipped(value, 4000),
          ...(ref && names.has(key)
            ? { entity: { ...ref, ...(name ? { name: clipped(name, 400) } : {}) } }
            : {}),
        };
      });
      return { arguments: args, notes: data.notes.map((note) => clipped(note, 1000)) };
    },
    async execute(ctx, input: unknown): Promise<ToolResult> {
      const run = page
        ? await runPageAbility(sessionOf(ctx), ability, shape.unwrap(input))
        : await runAbility(sessionOf(ctx), ability, shape.unwrap(input), ctx.signal);
      if (run.status === 'refused') throw new AbilityRefusedError(ability.label, run.message);
      const problems = run.outputProblems;
      return {
        summary: problems.length
          ? `${ability.label}: ran; its answer does not match what it declares (${problems.join('; ')})`
          : `${ability.label}: ran`,
        display: {
          answer: answerText(run.output),
          summary: problems.length
            ? t('worker.summary.abilityMismatch', { ability: ability.label })
            : t('worker.summary.abilityRan', { ability: ability.label }),
        },
        // The answer is data from the site: the model reads it as such, never as orders.
        data: {
          ability: ability.name,
          output: run.output,
          ...(run.truncated ? { truncated: true } : {}),
          ...(problems.length ? { outputProblems: problems } : {}),
        },
        untrusted: true,
      };
    },
  };
}

/** The ability's answer as the person may read it: indented JSON, bounded. */
function answerText(output: unknown): string {
  return clipped(JSON.stringify(output ?? null, null, 2) ?? 'null', ANSWER_MAX);
}

function clipped(text: string, max: number): string {
  return text.length > max ? text.slice(0, max - 1) + '…' : text;
}

/** The catalog's abilities as tools, each grouped under its category's label when it has one. */
export function abilityTools(catalog: Pick<AbilityCatalog, 'abilities' | 'categories'>): AnyTool[] {
  const labels = new Map(catalog.categories.map((category) => [category.slug, category.label]));
  return catalog.abilities.map((ability) => abilityTool(ability, labels.get(ability.category)));
}

interface Shape {
  input: z.ZodType;
  model: { type: 'object'; [keyword: string]: unknown };
  /** The ability's input from the tool's (the wrapped value, or undefined for none). */
  unwrap(input: unknown): unknown;
}

/**
 * The tool's input for the ability's schema: an object schema as it is; no schema, an empty
 * object (nothing is sent); any other root (a string, a list) wrapped under `input`.
 */
function shapeOf(ability: Ability): Shape {
  const schema = ability.inputSchema;
  if (!schema || !ability.input) {
    return {
      input: z.strictObject({}),
      model: { type: 'object', properties: {}, additionalProperties: false },
      unwrap: () => undefined,
    };
  }
  if (schema.type === 'object') {
    const { $schema: _dropped, ...model } = schema;
    return {
      input: ability.input,
      model: { ...model, type: 'object' },
      unwrap: (input) => input,
    };
  }
  const { $schema: _dropped, ...inner } = schema;
  return {
    input: z.strictObject({ [WRAPPED]: ability.input }),
    model: {
      type: 'object',
      properties: { [WRAPPED]: inner },
      required: [WRAPPED],
      additionalProperties: false,
    },
    unwrap: (input) => (input as Record<string, unknown> | undefined)?.[WRAPPED],
  };
}

/** What the author said, leaving out what it did not (`null` or absent). */
function claimsOf(annotations: AbilityAnnotations): SiteToolOrigin['claims'] {
  const claims: SiteToolOrigin['claims'] = {};
  for (const key of ['readonly', 'destructive', 'idempotent'] as const) {
    const said = annotations[key];
    if (typeof said === 'boolean') claims[key] = said;
  }
  return claims;
}
