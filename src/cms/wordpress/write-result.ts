import type { ToolContext, ToolResult } from '../../tools/tool';
import { statusLabel, t } from '../../i18n';
import { plainTitle } from './card-data';
import { editorOutcomeOf } from './editor/editor-write';
import type { WpPost } from './schemas/post';
import { sessionOf } from './session';

/** What a write did, for its summary: the model's English and the person's words. */
export type WriteAction =
  'updated' | 'replaced' | 'created' | 'trashed' | 'published' | 'undone' | 'statusSet';

const MODEL_ACTION: Record<Exclude<WriteAction, 'statusSet'>, string> = {
  updated: 'Updated',
  replaced: 'Replaced',
  created: 'Created',
  trashed: 'Moved to the trash',
  published: 'Published',
  undone: 'Undid the change on',
};

/**
 * What a write tells the model and the record: the entity, its status, whether visitors
 * see it. The summary carries the entry's title, so the result marks the thread untrusted
 * (R6) when another account wrote the entry, unless the title is the one this call set.
 * `wanted`: the status the call asked for (publish, set status), said when WordPress chose
 * another. The tool row shows `display.summary`, the same in the person's language.
 */
export function writeResult(
  action: WriteAction,
  post: WpPost,
  ctx: ToolContext,
  options: { titleSet?: string; wanted?: string } = {},
): ToolResult {
  const session = sessionOf(ctx);
  const visitorsSee = post.status === 'publish';
  const title = plainTitle(post.title?.rendered, post.title?.raw);
  const ownTitle = options.titleSet !== undefined && options.titleSet === post.title?.raw;
  const outcome = editorOutcomeOf(post);
  const editor =
    outcome && outcome.state !== 'none' ? { ...outcome, state: outcome.state } : undefined;
  const said = editor ? ` ${editor.message}` : '';
  // The model reads the editor's outcome in English; the result card also gets the note.
  const forModel = editor && {
    state: editor.state,
    message: editor.message,
    differs: editor.differs,
  };
  const told = forModel ? { editor: forModel } : {};
  const shown = editor && forModel ? { editor: { ...forModel, note: editor.note } } : {};
  const { wanted } = options;
  const verb = action === 'statusSet' ? `Set ${wanted ?? post.status} on` : MODEL_ACTION[action];
  // WordPress chose another status than the call asked for.
  const other = wanted !== undefined && post.status !== wanted ? wanted : undefined;
  return {
    untrusted: post.author !== ctx.user.id && !ownTitle,
    summary:
      `${verb} ${post.type} ${post.id} "${title}" (${post.status}${visitorsSee ? ', live' : ''}).${said}` +
      (other ? ` WordPress made it ${post.status}, not ${other}.` : ''),
    display: {
      entity: { type: post.type, id: post.id },
      summary: personSummary(action, post, title, { visitorsSee, wanted, other }),
      ...shown,
    },
    data: {
      ...told,
      type: post.type,
      id: post.id,
      status: post.status,
      visitorsSee,
      link: post.link,
      editUrl: `${session.adminUrl}post.php?post=${post.id}&action=edit`,
      modified: post.modified_gmt ?? post.modified,
    },
  };
}

/** A write's summary in the person's language (issue 37): what was done, who sees it. */
function personSummary(
  action: WriteAction,
  post: WpPost,
  title: string,
  said: { visitorsSee: boolean; wanted?: string; other?: string },
): string {
  const what = { type: post.type, id: String(post.id), title };
  const status = statusLabel(post.status);
  const done =
    action === 'statusSet'
      ? t('worker.summary.statusSet', { ...what, status: statusLabel(said.wanted ?? post.status) })
      : t(`worker.summary.${action}`, what);
  const seen = said.visitorsSee
    ? t('worker.summary.live')
    : t('worker.summary.notLive', { status });
  const other = said.other
    ? ` ${t('worker.summary.madeOther', { status, wanted: statusLabel(said.other) })}`
    : '';
  return `${done} ${seen}${other}`;
}
