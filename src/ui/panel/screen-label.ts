import type { PageContext } from '../../shared/page-context';

const NAMED: Record<string, string> = {
  dashboard: 'Dashboard',
  upload: 'Media library',
  'edit-comments': 'Comments',
  users: 'Users',
  profile: 'Your profile',
  'options-general': 'General settings',
  'options-reading': 'Reading settings',
  'options-writing': 'Writing settings',
  themes: 'Themes',
  plugins: 'Plugins',
};

/** A readable name for the admin screen the person is on. */
export function screenLabel(context: PageContext): string {
  const { pagenow, typenow } = context.screen;
  if (context.editor !== 'none' || pagenow === 'post' || pagenow === 'page') {
    const editor =
      context.editor === 'block'
        ? 'block editor'
        : context.editor === 'classic'
          ? 'classic editor'
          : 'editor';
    return `Editing ${typenow || 'content'} (${editor})`;
  }
  if (pagenow.startsWith('edit-') && typenow)
    return `${typenow} list`.replace(/^\w/, (c) => c.toUpperCase());
  return NAMED[pagenow] ?? pagenow;
}
