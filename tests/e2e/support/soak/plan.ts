import type { RecordedRequest } from '../../../support/model-server';

/** A seeded PRNG (mulberry32): the same seed gives the same soak. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** What one step of a soak thread asks for. */
export type OpKind = 'read' | 'approve' | 'reject' | 'edit';

/** One step: the person's message (or the edit of their last one) and what they decide. */
export interface Op {
  id: string;
  kind: OpKind;
  postId: number;
  /** The excerpt a write proposes (unique per op), for approve and reject. */
  excerpt?: string;
}

/** The person's message for `op`; the responder below reads it back. */
export function messageOf(op: Op): string {
  return op.excerpt
    ? `soak ${op.id} write post ${op.postId} excerpt ${op.excerpt}`
    : `soak ${op.id} read post ${op.postId}`;
}

/**
 * `count` steps for a thread working on `postId`: reads, writes approved or rejected, and
 * edits of the person's last message (an edit always follows a read, so an edit replaces a
 * step that changed nothing).
 */
export function planThread(random: () => number, thread: string, postId: number, count: number) {
  const ops: Op[] = [];
  // Each thread starts with one approval and one rejection, in either order.
  const first: OpKind[] = random() < 0.5 ? ['approve', 'reject'] : ['reject', 'approve'];
  for (let i = 0; i < count; i++) {
    const id = `${thread}s${i}`;
    const roll = random();
    const previous = ops.at(-1);
    let kind: OpKind =
      first[i] ?? (roll < 0.3 ? 'read' : roll < 0.7 ? 'approve' : roll < 0.9 ? 'reject' : 'edit');
    if (kind === 'edit' && previous?.kind !== 'read') kind = 'read';
    const write = kind === 'approve' || kind === 'reject';
    ops.push({ id, kind, postId, ...(write ? { excerpt: `Soak ${id} ${kind}` } : {}) });
  }
  return ops;
}

const ASK = /soak (\S+) (read|write) post (\d+)(?: excerpt (.+))?$/;

/**
 * The scripted model of the soak, as a responder: the person's message names the step, so
 * the answer depends only on the request, and a request asked again (a worker stopped while
 * the model answered) gets the same answer. A message asks for one tool call; its result
 * (whatever it says: run, rejected, failed) is answered with `done <step>`.
 */
export function soakResponder(request: RecordedRequest): unknown {
  const body = request.body as { messages?: Array<{ role: string; content: unknown }> };
  const last = body.messages?.at(-1);
  if (!last || last.role !== 'user') return undefined;
  const blocks = typeof last.content === 'string' ? [{ type: 'text', text: last.content }] : [];
  if (Array.isArray(last.content)) blocks.push(...(last.content as typeof blocks));
  const result = blocks.find((b) => b.type === 'tool_result') as
    { tool_use_id?: string } | undefined;
  if (result?.tool_use_id?.startsWith('toolu_soak_')) {
    const step = result.tool_use_id.slice('toolu_soak_'.length);
    return { kind: 'reply', content: [{ type: 'text', text: `done ${step}` }] };
  }
  const texts = blocks.filter((b) => b.type === 'text').map((b) => b.text as string);
  const match = texts
    .map((t) => ASK.exec(t.trim()))
    .filter(Boolean)
    .at(-1);
  if (!match) return undefined;
  const [, step, what, post, excerpt] = match;
  const input =
    what === 'write'
      ? { type: 'post', id: Number(post), excerpt }
      : { type: 'post', id: Number(post) };
  return {
    kind: 'reply',
    content: [
      {
        type: 'tool_use',
        id: `toolu_soak_${step}`,
        name: what === 'write' ? 'wp_update_post' : 'wp_get_entity',
        input,
      },
    ],
  };
}
