import { t } from '../../i18n';
import type { PageContext } from '../../shared/protocols/page-context';

const NAMED = [
  'dashboard',
  'upload',
  'edit-comments',
  'users',
  'profile',
  'options-general',
  'options-reading',
  'options-writing',
  'themes',
  'plugins',
] as const;

/** The post type in words: WordPress's two built-in ones translated, others as the site names them. */
function typeName(typenow: string): string {
  if (typenow === 'post' || typenow === 'page') return t(`panel.screen.type.${typenow}`);
  return typenow || t('panel.screen.type.content');
}

/** A readable name for the admin screen the person is on. */
export function screenLabel(context: PageContext): string {
  const { pagenow, typenow } = context.screen;
  if (context.editor !== 'none' || pagenow === 'post' || pagenow === 'page') {
    const editor = t(
      context.editor === 'block' || context.editor === 'classic'
        ? `panel.screen.editor.${context.editor}`
        : 'panel.screen.editor.other',
    );
    return t('panel.screen.editing', { type: typeName(typenow), editor });
  }
  if (pagenow.startsWith('edit-') && typenow) {
    if (typenow === 'post' || typenow === 'page') return t(`panel.screen.list.${typenow}`);
    return t('panel.screen.list.other', { type: typenow });
  }
  const named = NAMED.find((name) => name === pagenow);
  return named ? t(`panel.screen.${named}`) : pagenow;
}
