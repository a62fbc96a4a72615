import type { EntityRef } from '../../adapter';
import type { WpSession } from '../session';
import type { WpPost } from '../schemas/post';
import { logger } from '../../../shared/log';
import { applyInClassicPage } from './classic-page';
import { ClassicApplySchema } from './editor-answers';
import { labelOf } from './editor-notice';
import { EDITOR_ANSWER_MS, isClosedTab } from './editor-tabs';

const log = logger('wp-editor');

/** The fields the classic form shows and Countersign puts into it. */
const FORM_FIELDS = ['title', 'content', 'excerpt'] as const;

/**
 * What became of one classic editor after a write: `updated` (its form holds what WordPress
 * stored), `held` (its Update waits in the page for the person's choice; the labels of the
 * fields it would send back otherwise), `closed`, `stale` (it did not answer), `elsewhere`.
 */
export type ClassicOutcome =
  | { kind: 'updated' }
  | { kind: 'held'; labels: string[] }
  | { kind: 'closed' | 'stale' | 'elsewhere' };

/**
 * E1 for a classic editor that holds the written entry: the stored title, content and
 * excerpt go into its form (`applyInClassicPage`); every other field the write set is one
 * its Update would post back with the old value, so the page holds that Update until the
 * person chooses. The values are WordPress's stored raw values, not the model's proposal.
 */
export async function applyToClassic(
  session: WpSession,
  tabId: number,
  ref: EntityRef,
  post: WpPost,
  fields: string[],
): Promise<ClassicOutcome> {
  const values: Record<string, string> = {};
  for (const field of FORM_FIELDS) {
    const raw = fields.includes(field) ? post[field]?.raw : undefined;
    if (typeof raw === 'string') values[field] = raw;
  }
  const others: Record<string, string | null> = {};
  for (const field of fields) {
    if ((FORM_FIELDS as readonly string[]).includes(field) || !/^[a-z_]{1,64}$/.test(field))
      continue;
    const stored = field === 'status' ? post.status : field === 'slug' ? post.slug : null;
    others[field] = typeof stored === 'string' ? stored : null;
  }
  const labels = Object.fromEntries(
    [...FORM_FIELDS, ...Object.keys(others)].map((f) => [f, labelOf(f)]),
  );
  let raw: unknown;
  try {
    raw = await session.tabs!.run(
      tabId,
      applyInClassicPage,
      [ref.id, values, others, labels],
      EDITOR_ANSWER_MS,
    );
  } catch (error) {
    log.warn(`the classic editor in tab ${tabId} did not take the write`, error);
    return { kind: isClosedTab(error) ? 'closed' : 'stale' };
  }
  const answer = ClassicApplySchema.safeParse(raw);
  if (!answer.success) {
    log.warn(`the classic editor in tab ${tabId} answered malformed data`);
    return { kind: 'stale' };
  }
  if (!answer.data.ok) return { kind: answer.data.reason === 'other-post' ? 'elsewhere' : 'stale' };
  if (answer.data.held.length === 0) return { kind: 'updated' };
  return { kind: 'held', labels: answer.data.held.map(labelOf) };
}
