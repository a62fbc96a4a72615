import type { PageContext } from '../shared/protocols/page-context';

/** The admin screen as a short phrase for the model's context. */
export function screenOf(context: PageContext): string {
  const { id, contentType } = context.screen;
  if (context.entity)
    return `editing ${context.entity.type} ${context.entity.id} (${context.editor} editor)`;
  return contentType ? `${id} (${contentType})` : id;
}
