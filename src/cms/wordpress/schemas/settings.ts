import { z } from 'zod';

/** `/wp/v2/settings`: every registered setting, keyed by its REST name. */
export const WpSettingsSchema = z.record(z.string(), z.unknown());
export type WpSettings = z.infer<typeof WpSettingsSchema>;
