import { ModelIdSchema } from '../../settings/connection-schema';
import { readConnectionSettings } from '../../settings/connection-store';
import { CountersignError } from '../../shared/errors';

/**
 * R4: the model a new thread starts on: the default model with an agent; none without
 * one (R3: nothing mentions AI), the picker then shows nothing either.
 */
export async function firstModel(mode: 'agent' | 'commands'): Promise<{ model?: string }> {
  return mode === 'agent' ? { model: (await readConnectionSettings()).defaultModel } : {};
}

/** R4: the composer's choice, validated; a refusal names the field, never the value. */
export function pickedModel(model: string): string {
  const parsed = ModelIdSchema.safeParse(model);
  if (!parsed.success) {
    throw new CountersignError('bad-model', `Model: ${parsed.error.issues[0]?.message}.`);
  }
  return parsed.data;
}
