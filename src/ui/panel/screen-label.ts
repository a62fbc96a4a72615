import { t } from '../../i18n';
import type { PageContext } from '../../shared/protocols/page-context';

/** The post type in words: WordPress's two built-in ones translated, others as the site names them. */
function typeName(type: string): string {
  if (type === 'post' || type === 'page') return t(`panel.screen.type.${type}`);
  return type || t('panel.screen.type.content');
}

/** A readable name for the admin screen the person is on. */
export function screenLabel(context: PageContext): string {
  const { id, view, contentType, named } = context.screen;
  if (view === 'editor') {
    const editor = t(
      context.editor === 'block' || context.editor === 'classic'
        ? `panel.screen.editor.${context.editor}`
        : 'panel.screen.editor.other',
    );
    return t('panel.screen.editing', { type: typeName(contentType), editor });
  }
  if (view === 'list' && contentType) {
    if (contentType === 'post' || contentType === 'page')
      return t(`panel.screen.list.${contentType}`);
    return t('panel.screen.list.other', { type: contentType });
  }
  return named ? t(`panel.screen.${named}`) : id;
}
