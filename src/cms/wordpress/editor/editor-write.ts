import type { EntityRef } from '../../adapter';
import type { WpSession } from '../session';
import { WpPostSchema, type WpPost } from '../schemas/post';
import { logger } from '../../../shared/log';
import { formatList, t } from '../../../i18n';
import { applyInEditorPage } from './editor-page';
import { EditorApplySchema } from './editor-answers';
import {
  EDITOR_ANSWER_MS,
  editorsHolding,
  type EditorHolder,
  isClosedTab,
  readEditor,
} from './editor-tabs';
import { storedDifferences } from './stored-compare';
import { applyToClassic, type ClassicOutcome } from './classic-write';

const log = logger('wp-editor');

/** How long a write waits for an open editor's own save to finish before it goes ahead. */
export const EDITOR_SAVE_WAIT_MS = 10_000;

/**
 * E1: what became of the open editors after a write. `updated`: every block editor that
 * holds the entry shows what WordPress holds. `not-updated`: one did not answer and still
 * shows the old values. `classic`: a classic editor's form still holds other values for
 * some fields (the person typed there, or it cannot show them), so its Update is held in
 * the page until the person chooses. `closed`: the editor's tab closed during the write. `none`: no editor held it.
 */
export interface EditorOutcome {
  state: 'none' | 'updated' | 'not-updated' | 'classic' | 'closed';
  /** For the model and the audit (English). */
  message: string;
  /** The same in the person's language (issue 37), for the result card. */
  note: string;
  /** Labels of approved fields that WordPress, read back after the write, holds otherwise. */
  differs: string[];
}

const outcomes = new WeakMap<WpPost, EditorOutcome>();

/** The editor outcome of a post `savePost` answered, for the write's result (E1). */
export function editorOutcomeOf(post: WpPost): EditorOutcome | undefined {
  return outcomes.get(post);
}

/**
 * Before a write: waits (bounded) while an open block editor of the entry is saving, so the
 * editor's own save cannot land after the approved write with its older copy.
 */
export async function waitForEditorSaves(
  session: WpSession,
  ref: EntityRef,
): Promise<EditorHolder[]> {
  const holders = await editorsHolding(session, ref);
  const until = Date.now() + EDITOR_SAVE_WAIT_MS;
  for (const { tabId } of holders.filter((h) => h.kind === 'block')) {
    for (;;) {
      const state = await readEditor(session, tabId, ref);
      if (state.kind !== 'block' || !state.saving || Date.now() > until) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  return holders;
}

/**
 * After WordPress stored a write (`post`, the fields it set): every block or classic editor
 * of this person that holds the entry is given what WordPress holds, then the entry is read back
 * and compared with the approved values. The outcome is kept for `editorOutcomeOf(post)`.
 * `before`: the editors that held it before the write, so a tab closed while the write was
 * on its way is said as closed rather than forgotten.
 */
export async function writeThroughEditors(
  session: WpSession,
  path: string,
  post: WpPost,
  approved: Record<string, unknown>,
  before: EditorHolder[] = [],
): Promise<EditorOutcome> {
  const ref = { type: post.type, id: post.id };
  // The write has landed: nothing here may throw, or a write that ran would be recorded
  // as failed. Every fault becomes what the outcome says.
  let outcome: EditorOutcome;
  try {
    const now = await editorsHolding(session, ref);
    const holders = [...now, ...before.filter((b) => !now.some((h) => h.tabId === b.tabId))];
    outcome = await applyAll(session, ref, post, Object.keys(approved), holders);
  } catch (error) {
    log.warn('bringing the open editors up to date failed', error);
    outcome = notUpdated();
  }
  if (outcome.state === 'updated' || outcome.state === 'not-updated') {
    try {
      const { data: stored } = await session.client.get(path, {
        schema: WpPostSchema,
        query: { context: 'edit' },
      });
      outcome.differs = storedDifferences(stored, approved);
      if (outcome.differs.length > 0) {
        outcome.message += ` WordPress holds something other than what was approved for: ${outcome.differs.join(', ')}.`;
        outcome.note += ` ${t('worker.editorNote.differs', { fields: formatList(outcome.differs) })}`;
      }
    } catch (error) {
      log.warn('reading the entry back after the write failed', error);
      outcome.message += ' Reading the entry back from WordPress failed; check it there.';
      outcome.note += ` ${t('worker.editorNote.readBackFailed')}`;
    }
  }
  outcomes.set(post, outcome);
  return outcome;
}

/** The editor kept the old values (composed when said, in the person's language then). */
const notUpdated = (): EditorOutcome => ({
  state: 'not-updated',
  message:
    'The open editor did not take the change and still shows the old values: reload it before you save there, or your next save there would undo this change.',
  note: t('worker.editorNote.notUpdated'),
  differs: [],
});

async function applyAll(
  session: WpSession,
  ref: EntityRef,
  post: WpPost,
  fields: string[],
  holders: EditorHolder[],
): Promise<EditorOutcome> {
  let updated = 0;
  let closed = 0;
  let stale = 0;
  let classicUpdated = 0;
  const held = new Set<string>();
  for (const holder of holders) {
    let result: ClassicOutcome['kind'];
    if (holder.kind === 'classic') {
      const outcome = await applyToClassic(session, holder.tabId, ref, post, fields);
      if (outcome.kind === 'held') outcome.labels.forEach((label) => held.add(label));
      if (outcome.kind === 'updated') classicUpdated += 1;
      result = outcome.kind;
    } else {
      result = await applyOne(session, holder.tabId, ref, post, fields);
    }
    if (result === 'updated') updated += 1;
    else if (result === 'closed') closed += 1;
    else if (result === 'stale') stale += 1;
  }
  if (stale > 0) return notUpdated();
  if (held.size > 0) {
    const labels = [...held].join(', ');
    return {
      state: 'classic',
      message: `WordPress holds the change. The classic editor open on this entry still holds other values for ${labels}, so its Update, Save Draft and Preview wait there until you choose: take the approved values, reload, or save that form anyway.`,
      note: t('worker.editorNote.classicHeld', { fields: formatList([...held]) }),
      differs: [],
    };
  }
  if (updated > 0) {
    return {
      state: 'updated',
      message:
        classicUpdated === updated
          ? 'The open classic editor shows the change, so pressing Update there keeps it.'
          : 'The open editor shows the change; undo there (Ctrl+Z) steps back from it.',
      note:
        classicUpdated === updated
          ? t('worker.editorNote.classicUpdated')
          : t('worker.editorNote.updated'),
      differs: [],
    };
  }
  if (closed > 0) {
    return {
      state: 'closed',
      message: 'The editor tab closed during the write; an editor opened now loads the new values.',
      note: t('worker.editorNote.closed'),
      differs: [],
    };
  }
  return { state: 'none', message: '', note: '', differs: [] };
}

/** One tab: apply, retrying briefly while the editor is saving. */
async function applyOne(
  session: WpSession,
  tabId: number,
  ref: EntityRef,
  post: WpPost,
  fields: string[],
): Promise<'updated' | 'closed' | 'stale' | 'elsewhere'> {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    let raw: unknown;
    try {
      raw = await session.tabs!.run(
        tabId,
        applyInEditorPage,
        [ref.id, ref.type, post, fields],
        EDITOR_ANSWER_MS,
      );
    } catch (error) {
      log.warn(`the editor in tab ${tabId} did not take the write`, error);
      return isClosedTab(error) ? 'closed' : 'stale';
    }
    const answer = EditorApplySchema.safeParse(raw);
    if (!answer.success) {
      log.warn(`the editor in tab ${tabId} answered malformed data`);
      return 'stale';
    }
    if (answer.data.ok) return 'updated';
    // The tab's page said it is this entry's block editor, and its store is gone: the
    // editor may still save its old copy, so it counts as not updated.
    if (answer.data.reason === 'no-editor') return 'stale';
    if (answer.data.reason !== 'saving') return 'elsewhere';
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return 'stale';
}
