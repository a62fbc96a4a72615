import { z } from 'zod';

/** A key as pasted: printable ASCII without spaces, of a plausible length. */
export const ApiKeySchema = z
  .string()
  .trim()
  .min(20, 'is too short to be an API key')
  .max(400, 'is too long to be an API key')
  .regex(/^[\x21-\x7e]+$/, 'must not contain spaces or unusual characters');
