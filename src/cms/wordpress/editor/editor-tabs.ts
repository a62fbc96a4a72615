import type { EntityRef } from '../../adapter';
import type { WpSession } from '../session';
import { logger } from '../../../shared/log';
import { readEditorInPage } from './editor-page';
import { EditorReadingSchema, type EditorReading } from './editor-answers';

const log = logger('wp-editor');

/** How long an editor may take to answer one question before it counts as not answering. */
export const EDITOR_ANSWER_MS = 5_000;

/** An editor in one of the person's tabs that, by its tab's page context, holds an entity. */
export interface EditorHolder {
  tabId: number;
  kind: 'block' | 'classic';
}

/**
 * The tabs of this person  (same site origin, same user) whose editor holds the entity, from
 * the page contexts the tabs reported. Tabs of another user or another entry never count.
 */
export async function editorsHolding(session: WpSession, ref: EntityRef): Promise<EditorHolder[]> {
  if (!session.tabs) return [];
  const tabs = await session.tabs.tabs().catch((error: unknown) => {
    log.warn('could not list the admin tabs', error);
    return [];
  });
  const found: EditorHolder[] = [];
  for (const { tabId, context } of tabs) {
    if (context.origin !== session.origin || context.userId !== session.userId) continue;
    if (context.entity?.id !== ref.id || (ref.type !== '' && context.entity.type !== ref.type))
      continue;
    if (context.editor === 'none') continue;
    found.push({ tabId, kind: context.editor });
  }
  return found;
}

/** What the tab's editor says about the entity now; `unanswered` when it did not say. */
export type EditorState = { kind: 'unanswered'; closed: boolean } | EditorReading;

/** Asks one tab's page which editor it shows for the entity and what it has unsaved. */
export async function readEditor(
  session: WpSession,
  tabId: number,
  ref: EntityRef,
): Promise<EditorState> {
  if (!session.tabs) return { kind: 'none' };
  try {
    const raw = await session.tabs.run(
      tabId,
      readEditorInPage,
      [ref.id, ref.type],
      EDITOR_ANSWER_MS,
    );
    const parsed = EditorReadingSchema.safeParse(raw);
    if (!parsed.success) {
      log.warn(`tab ${tabId} answered a malformed editor reading`);
      return { kind: 'unanswered', closed: false };
    }
    return parsed.data;
  } catch (error) {
    log.warn(`tab ${tabId} did not answer about its editor`, error);
    return { kind: 'unanswered', closed: isClosedTab(error) };
  }
}

/** True when the browser says the tab is gone (closed or navigated away from the admin). */
export function isClosedTab(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /no tab with id|tab was closed|frame with id 0 was removed|cannot access contents/i.test(
    message,
  );
}

/** Whether a reading is of the entity itself (not another post the tab moved on to). */
export function holdsEntity(state: EditorState, ref: EntityRef): boolean {
  if (state.kind === 'block') {
    return state.postId === ref.id && (ref.type === '' || state.postType === ref.type);
  }
  if (state.kind === 'classic') return state.postId === ref.id;
  return false;
}
