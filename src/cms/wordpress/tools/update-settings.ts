import { z } from 'zod';
import { sessionOf } from '../session';
import { SETTING_KEYS, settingsFields } from '../settings-fields';
import { changeLine } from '../preview-lines';
import { checkSettingValues, proposeSettings } from '../settings-propose';
import { WpSettingsSchema } from '../schemas/settings';
import { defineWpTool } from './define';
import { formatList, t } from '../../../i18n';

const input = z
  .strictObject(settingsFields)
  .refine((value) => Object.values(value).some((item) => item !== undefined), {
    message: 'name at least one setting to change',
  });

/** Change site settings: a configuration write whose card shows a YAML diff (C2, T4). */
export const updateSettings = defineWpTool({
  name: 'wp_update_settings',
  label: 'Change site settings',
  description:
    'Change site settings such as the title, tagline, admin email, timezone, date and time ' +
    'formats, front page, posts per page, comment defaults, logo or icon. Settings you ' +
    'leave out stay as they are. Changes are live at once. Administrators only.',
  cardDescription: 'Changes site settings; the change is live at once.',
  input,
  classification: {
    kind: 'write',
    destructive: false,
    changes: { entity: [], values: SETTING_KEYS },
  },
  accessHint: 'Needs the manage_options capability (administrators).',
  mediaFields: ['site_logo', 'site_icon'],
  async facts(ctx, value) {
    // G13: the current values, so a changed setting is noticed before approval applies.
    const changes = await proposeSettings(sessionOf(ctx), value).catch(() => []);
    return { settings: Object.fromEntries(changes.map((c) => [c.key, c.current])) };
  },
  async access(ctx, value) {
    if (!ctx.user.capabilities['manage_options']) {
      return { ok: false, reason: 'Only administrators may change the site settings.' };
    }
    return checkSettingValues(sessionOf(ctx), value);
  },
  proposeConfig: (ctx, value) => proposeSettings(sessionOf(ctx), value),
  async preview(ctx, value) {
    const changes = await proposeSettings(sessionOf(ctx), value);
    return changes.map((change) => changeLine(change.key, change.current, change.proposed));
  },
  mayViewerReadPreview: (viewer) => viewer.capabilities['manage_options'] === true,
  async execute(ctx, value) {
    const session = sessionOf(ctx);
    const proposed = await proposeSettings(session, value);
    const { data } = await session.client.request('POST', 'wp/v2/settings', {
      schema: WpSettingsSchema,
      body: value,
    });
    const differs = proposed.filter(
      (change) => JSON.stringify(data[change.key]) !== JSON.stringify(change.proposed),
    );
    const note = differs.length
      ? ` WordPress stored ${differs.map((c) => c.key).join(', ')} differently than proposed.`
      : '';
    const changed = t('worker.summary.settingsChanged', {
      keys: formatList(proposed.map((c) => c.key)),
    });
    const stored = differs.length
      ? ` ${t('worker.summary.settingsDiffer', { keys: formatList(differs.map((c) => c.key)) })}`
      : '';
    return {
      summary: `Changed ${proposed.map((c) => c.key).join(', ')}; live at once.${note}`,
      display: { summary: `${changed}${stored}` },
      data: Object.fromEntries(proposed.map((c) => [c.key, data[c.key]])),
    };
  },
});
