import type { PageContext } from '../shared/protocols/page-context';

/** The admin screen as a short phrase for the model's context. */
export function screenOf(context: PageContext): string {
  const { pagenow, typenow } = context.screen;
  if (context.entity)
    return `editing ${context.entity.type} ${context.entity.id} (${context.editor} editor)`;
  return typenow ? `${pagenow} (${typenow})` : pagenow;
}
