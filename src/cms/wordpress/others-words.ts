import { z } from 'zod';
import type { WpSession } from './session';
import { entityPath, type EditableEntity } from './entity';

const RevisionAuthorsSchema = z.array(z.looseObject({ author: z.number().int().optional() }));

/**
 * R6: whether an entry holds words someone else wrote: another author, or any saved
 * revision (autosaves included) by another account. The entry's own author alone is not
 * enough: an editor may have rewritten a paragraph of the person's own post. When the
 * revisions cannot be read (no right to edit the entry, or WordPress refuses), it cannot
 * be told, so the answer is yes.
 */
export async function holdsOthersWords(
  session: WpSession,
  { type, post }: EditableEntity,
  userId: number,
): Promise<boolean> {
  if (post.author !== userId) return true;
  try {
    const { data } = await session.client.get(`${entityPath(type, post.id)}/revisions`, {
      schema: RevisionAuthorsSchema,
      query: { context: 'edit', per_page: 100, _fields: 'author' },
    });
    return data.some((revision) => revision.author !== userId);
  } catch {
    return true;
  }
}
