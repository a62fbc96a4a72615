import type { EntityRef, VisibilityReport } from '../adapter';
import type { ToolContext } from '../../tools/tool';
import { sessionOf } from './session';
import { readForView } from './entity-view';
import { draftStamp } from './draft-stamp';
import type { EntityRead } from './entity';
import type { WpPost } from './schemas/post';

const SUMMARY: Record<string, (link: string, date?: string | null) => string> = {
  publish: (link) => `Published: visitors see it at ${link}.`,
  future: (_link, date) => `Scheduled: visitors see it from ${date ?? 'the scheduled time'} (UTC).`,
  private: () => 'Private: only signed-in editors and administrators see it.',
  draft: () => 'Draft: visitors see nothing until it is published.',
  pending: () => 'Pending review: visitors see nothing until it is published.',
  'auto-draft': () => 'New draft: visitors see nothing until it is published.',
  trash: () => 'In the trash: visitors see nothing.',
};

/**
 * C5: after a write, whether visitors see the entry. WordPress keeps no separate published
 * copy of a draft (a post is either published or not; edits to a published post are live),
 * so `published` is null for drafts: there is nothing visitors see to compare with.
 */
export async function visibilityOf(
  ctx: ToolContext,
  ref: EntityRef,
  target?: unknown,
): Promise<VisibilityReport> {
  const { post, editable } =
    editRead(target, ref) ?? (await readForView(sessionOf(ctx), ref.type, ref.id));
  const summary = SUMMARY[post.status] ?? (() => `Status ${post.status}.`);
  const visitorsSee = post.status === 'publish';
  return {
    visitorsSee,
    status: post.status,
    summary: summary(post.link, post.date_gmt),
    published: null,
    // U1, U2: what Publish from the result card will compare with (raw values only).
    ...(editable && !visitorsSee ? { stamp: draftStamp(post) } : {}),
  };
}

/**
 * The publish tool's read of the entry (`readForEdit`, context=edit), when it is one of
 * `ref` that found the entry: all a visibility report needs. Else null: read for view.
 */
function editRead(target: unknown, ref: EntityRef): { post: WpPost; editable: true } | null {
  const read = target as EntityRead | undefined;
  if (!read?.ok || read.post?.id !== ref.id || read.type?.slug !== ref.type) return null;
  return { post: read.post, editable: true };
}
