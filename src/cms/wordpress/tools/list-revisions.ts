import { z } from 'zod';
import { sessionOf } from '../session';
import { entityPath, readForEdit, requireForEdit } from '../entity';
import { WpRevisionListSchema } from '../schemas/post';
import { entityRefFields } from '../post-input';
import { clip } from '../preview-lines';
import { byOthers, defineWpTool } from './define';
import { t } from '../../../i18n';

const input = z.strictObject({
  ...entityRefFields,
  limit: z.number().int().min(1).max(50).default(10).describe('At most this many revisions.'),
});

/** List the saved revisions of one entry, newest first (editors of the entry only). */
export const listRevisions = defineWpTool({
  name: 'wp_list_revisions',
  label: 'List revisions',
  description:
    'List the saved revisions of one entry, newest first: id, author, time, title and the ' +
    'start of the content. Use it to see how an entry changed or what it said before.',
  cardDescription: 'Lists the revisions of one entry.',
  input,
  classification: { kind: 'read', destructive: false },
  accessHint: 'The account must be able to edit the entry.',
  async access(ctx, { type, id }) {
    const read = await readForEdit(sessionOf(ctx), type, id);
    return read.ok ? { ok: true } : read;
  },
  async execute(ctx, { type, id, limit }) {
    const session = sessionOf(ctx);
    const entity = await requireForEdit(session, type, id);
    const { data, total } = await session.client.get(`${entityPath(entity.type, id)}/revisions`, {
      schema: WpRevisionListSchema,
      query: { context: 'edit', per_page: limit },
    });
    const revisions = data.map((revision) => ({
      id: revision.id,
      author: revision.author,
      modified: revision.modified_gmt,
      slug: revision.slug,
      title: revision.title?.raw ?? '',
      contentStart: clip(revision.content?.raw ?? '', 300),
      contentLength: (revision.content?.raw ?? '').length,
    }));
    return {
      summary: `${revisions.length} revisions of ${type} ${id}.`,
      display: {
        summary: t('worker.summary.revisions', { count: revisions.length, type, id: String(id) }),
      },
      data: { total, revisions },
      untrusted: byOthers(
        revisions.map((revision) => revision.author),
        ctx.user.id,
      ),
    };
  },
});
