import { z } from 'zod';
import { ABILITY_NAME_PATTERN } from './names';

/**
 * One ability as `GET /wp-abilities/v1/abilities?context=edit` serves it (WordPress 6.9+),
 * read as outside input: every field bounded. The schemas stay `unknown` here;
 * `json-schema.ts` bounds and compiles them.
 */
const flag = z.boolean().nullable().optional();

export const AbilityEntrySchema = z.object({
  name: z.string().max(200).regex(ABILITY_NAME_PATTERN, 'is not namespace/name'),
  label: z.string().trim().min(1).max(200),
  description: z.string().max(4000).default(''),
  category: z.string().max(200).default(''),
  input_schema: z.unknown().optional(),
  output_schema: z.unknown().optional(),
  meta: z
    .object({
      annotations: z
        .object({ readonly: flag, destructive: flag, idempotent: flag })
        .nullable()
        .optional(),
      show_in_rest: z.boolean().optional(),
    })
    .optional(),
});

export type AbilityEntry = z.infer<typeof AbilityEntrySchema>;

/** One category as `GET /wp-abilities/v1/categories` serves it. */
export const AbilityCategorySchema = z.object({
  slug: z
    .string()
    .max(200)
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/),
  label: z.string().trim().min(1).max(200),
  description: z.string().max(4000).default(''),
});

export type AbilityCategory = z.infer<typeof AbilityCategorySchema>;
