import { z } from 'zod';
import { sessionOf } from '../session';
import { WpSettingsSchema } from '../schemas/settings';
import { defineWpTool } from './define';
import { t } from '../../../i18n';

/** Read the site settings (administrators only). */
export const getSettings = defineWpTool({
  name: 'wp_get_settings',
  label: 'Read site settings',
  description:
    'Read the site settings: title, tagline, admin email, timezone, date and time ' +
    'formats, start of week, front page, posts per page, comment defaults, logo and icon. ' +
    'Only administrators may read them.',
  cardDescription: 'Reads the site settings.',
  input: z.strictObject({}),
  classification: { kind: 'read', destructive: false },
  accessHint: 'Needs the manage_options capability (administrators).',
  async access(ctx) {
    return ctx.user.capabilities['manage_options']
      ? { ok: true }
      : { ok: false, reason: 'Only administrators may read the site settings.' };
  },
  async execute(ctx) {
    const { data } = await sessionOf(ctx).client.get('wp/v2/settings', {
      schema: WpSettingsSchema,
    });
    const count = Object.keys(data).length;
    return {
      summary: `Read ${count} settings.`,
      display: { summary: t('worker.summary.settings', { count }) },
      data,
    };
  },
});
