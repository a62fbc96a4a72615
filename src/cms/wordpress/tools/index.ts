import type { AnyWpTool } from './define';
import { searchContent } from './search-content';
import { getEntity } from './get-entity';
import { listTypesTool } from './list-types';
import { listTerms } from './list-terms';
import { listMedia } from './list-media';
import { getSettings } from './get-settings';
import { listComments } from './list-comments';
import { listRevisions } from './list-revisions';
import { createDraft } from './create-draft';
import { updatePost } from './update-post';
import { replacePost } from './replace-post';
import { setStatus } from './set-status';
import { updateSettings } from './update-settings';
import { trashEntity } from './trash-entity';
import { deleteEntity } from './delete-entity';
import { openAdmin } from './open-admin';
import { restoreEntity } from './restore-entity';
import { publishEntity } from './publish-entity';

/** Every WordPress tool, reads first, in the order the model sees them. */
export const WORDPRESS_TOOLS: readonly AnyWpTool[] = [
  searchContent,
  getEntity,
  listTypesTool,
  listTerms,
  listMedia,
  getSettings,
  listComments,
  listRevisions,
  createDraft,
  updatePost,
  replacePost,
  setStatus,
  updateSettings,
  trashEntity,
  deleteEntity,
  openAdmin,
  restoreEntity,
  publishEntity,
];
