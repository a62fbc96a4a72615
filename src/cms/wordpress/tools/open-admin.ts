import { z } from 'zod';
import { sessionOf } from '../session';
import { resolveAdminPath } from '../admin-path';
import { InputError } from '../../../shared/errors';
import { defineWpTool } from './define';
import { t } from '../../../i18n';

const input = z.strictObject({
  path: z
    .string()
    .max(2000)
    .describe(
      'A path inside wp-admin, such as "post.php?post=4&action=edit", "edit.php?post_type=page" ' +
        'or "options-general.php". Full URLs and paths outside wp-admin are refused.',
    ),
});

/** R5: move the person's admin tab to a page inside wp-admin. */
export const openAdmin = defineWpTool({
  name: 'wp_open_admin',
  label: 'Open an admin page',
  description:
    'Show the person a page of the WordPress admin by moving their admin tab there, for ' +
    'example the editor of an entry. Only pages inside wp-admin can be opened.',
  cardDescription: 'Moves your admin tab to a page inside the WordPress admin.',
  input,
  // "run": it changes what the person's tab shows (and could leave unsaved edits), not the site.
  classification: { kind: 'run', destructive: false },
  accessHint: 'Only paths inside wp-admin, and only with the admin tab open.',
  async access(ctx, { path }) {
    const session = sessionOf(ctx);
    const check = resolveAdminPath(session.adminUrl, path);
    if (!check.ok) return check;
    if (!session.navigate) return { ok: false, reason: 'There is no admin tab to move.' };
    return { ok: true };
  },
  async execute(ctx, { path }) {
    const session = sessionOf(ctx);
    const check = resolveAdminPath(session.adminUrl, path);
    if (!check.ok) throw new InputError(check.reason);
    if (!session.navigate) throw new InputError('There is no admin tab to move.');
    await session.navigate(check.url);
    return {
      summary: `Opened ${check.url}.`,
      display: { summary: t('worker.summary.opened', { url: check.url }) },
      data: { url: check.url },
    };
  },
});
