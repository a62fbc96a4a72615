// Helpers of the second-approver route tests: a site policy that needs a second approver,
// and a call offered the way the requester's extension offers it.
import type { WpUserKey } from '../../support/wp-env';
import type { RestResponse } from '../../support/wp-session';
import { api, seed, uniqueId } from './support';

/** What the approvals routes answer for one call. */
export interface Approval {
  id: string;
  threadId: string;
  tool: string;
  toolLabel: string;
  entityTitle: string | null;
  status: string;
  requester: { userId: string; displayName: string };
  capability: string;
  requiredBy: string;
  payloadHash: string;
  stamp: string | null;
  entity: { type: string; id: number };
  expiresAt: number | null;
  decidedBy: { userId: string; displayName: string } | null;
  decidedAt: number | null;
  note: string | null;
  offers: number;
  canDecide: boolean;
  card?: Record<string, unknown> & {
    fields?: { current: string; proposed: string; currentRendered?: string }[];
    preview?: { state: string; lines: string[] };
  };
  withheld?: boolean;
}

/** Live writes need a second approver (default capability); settings need an admin. */
export async function requireSecondApprover(extra: Record<string, unknown> = {}): Promise<void> {
  const res = await api('admin', 'PUT', '/policy', {
    replaces: 0,
    policy: {},
    approvals: { classes: { 'live-write': {} }, ...extra },
  });
  if (res.status !== 200) throw new Error(`policy not stored: ${res.text}`);
}

/** An approval card as the extension builds it for a live wp_update_post. */
export function card(postId: number): Record<string, unknown> {
  return {
    recordId: 'ignored',
    toolName: 'wp_update_post',
    toolLabel: 'Update post',
    cardDescription: 'Changes the title of a published post.',
    reason: 'It would go live.',
    layout: 'content',
    lands: 'live',
    entity: { id: postId, typeLabel: 'Post', title: 'Published post', link: 'javascript:alert(1)' },
    fields: [
      {
        key: 'title',
        label: 'Title',
        current: 'Old title',
        proposed: 'New title',
        currentRendered: '<b>Old</b><script>alert(1)</script>',
        format: 'html',
      },
    ],
    args: [{ key: 'id', value: postId }],
    preview: { state: 'ok', lines: ['Old title', 'Body text'], notes: [] },
    canGrantThread: false,
    waiting: 0,
    editor: { secret: 'not for the approver' },
  };
}

/** The body of an offer; `fields` override any part. */
export function offerBody(fields: Record<string, unknown> = {}): Record<string, unknown> {
  const postId = seed.posts.editorPost;
  return {
    id: uniqueId('call'),
    threadId: 'thread-approvals',
    tool: 'wp_update_post',
    payloadHash: 'b'.repeat(64),
    stamp: '2026-12-01T10:00:00',
    class: 'live-write',
    siteRoot: seed.origins.primary.restRoot,
    entity: { type: 'post', id: postId },
    card: card(postId),
    ...fields,
  };
}

/** Offers a call as `who`. */
export function offer(
  who: WpUserKey,
  fields: Record<string, unknown> = {},
): Promise<RestResponse<Approval>> {
  return api<Approval>(who, 'POST', '/approvals', offerBody(fields));
}

/** A decision as `who` on an offered call, bound to what it showed. */
export function decide(
  who: WpUserKey,
  call: Approval,
  fields: Record<string, unknown> = {},
): Promise<RestResponse<Approval>> {
  return api<Approval>(who, 'POST', `/approvals/${call.id}/decision`, {
    approve: true,
    payloadHash: call.payloadHash,
    stamp: call.stamp,
    siteRoot: seed.origins.primary.restRoot,
    ...fields,
  });
}
