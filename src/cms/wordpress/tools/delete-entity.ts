import { z } from 'zod';
import { sessionOf } from '../session';
import { entityRefFields } from '../post-input';
import { plainTitle } from '../card-data';
import { viewerMayReadPost } from '../preview-lines';
import { WpDeletedSchema } from '../schemas/post';
import { entityFacts, entityWriteCard, pathOf, readEntityTarget } from '../post-write';
import { statusCard } from './status-card';
import { deleteAccess } from './trash-entity';
import { reconcileDelete } from '../reconcile';
import { defineWpTool } from './define';
import { t } from '../../../i18n';

const input = z.strictObject({ ...entityRefFields });

/** Delete an entry for good (no trash, no undo): destructive, always asks (G2). */
export const deleteEntity = defineWpTool({
  name: 'wp_delete_entity',
  label: 'Delete permanently',
  description:
    'Delete an entry permanently, skipping the trash; it cannot be restored. Use only when ' +
    'the person asked for permanent deletion; otherwise use wp_trash_entity.',
  cardDescription: 'Deletes an entry permanently. This cannot be undone.',
  input,
  classification: {
    kind: 'delete',
    destructive: true,
    changes: { entity: ['type', 'id'], values: [] },
  },
  accessHint: 'Needs the type’s delete capabilities (delete_others_posts for others’ entries).',
  readTarget: (ctx, value) => readEntityTarget(ctx, value),
  facts: (_ctx, _value, read) => entityFacts(read),
  access: (ctx, value, read) => Promise.resolve(deleteAccess(ctx.user, value, false, read)),
  async execute(ctx, value, read) {
    const { path } = await pathOf(ctx, value, read);
    const { data } = await sessionOf(ctx).client.request('DELETE', path, {
      schema: WpDeletedSchema,
      query: { force: true },
    });
    const { previous } = data;
    const title = plainTitle(previous.title?.rendered, previous.title?.raw);
    return {
      summary: `Deleted ${previous.type} ${previous.id} "${title}" permanently.`,
      display: {
        summary: t('worker.summary.deleted', {
          type: previous.type,
          id: String(previous.id),
          title,
        }),
      },
      // R6: the summary carries the title, which another account may have written.
      untrusted: previous.author !== ctx.user.id,
      data: {
        type: previous.type,
        id: previous.id,
        deleted: true,
        previousStatus: previous.status,
      },
    };
  },
  card: (ctx, value, read) => statusCard(ctx, value, { status: 'deleted' }, read),
  async preview(ctx, value, read) {
    const { entity } = await entityWriteCard(ctx, value, { target: read });
    const live =
      entity.status === 'publish' ? ' Visitors see it now; afterwards its link is gone.' : '';
    return [
      `Deletes ${entity.typeLabel.toLowerCase()} "${entity.title}" (${entity.status}) permanently, with its revisions; it cannot be restored.${live}`,
    ];
  },
  mayViewerReadPreview: (viewer, value) => viewerMayReadPost(viewer, value.type),
  reconcile: (ctx, value) => reconcileDelete(ctx, value),
});
