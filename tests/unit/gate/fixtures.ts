import { z } from 'zod';
import type { AnyTool, CallFacts } from '../../../src/tools/tool';
import { makeTool } from '../tools/make-tool';

const postInput = z.object({
  id: z.number().describe('Post id.'),
  status: z.enum(['draft', 'publish']).optional().describe('New status.'),
  title: z.string().optional().describe('New title.'),
});
type PostInput = z.infer<typeof postInput>;

/** A write that lands as a draft when the post is a draft and stays one. */
function staysDraft(input: PostInput, facts: CallFacts): boolean {
  return facts.entity?.status === 'draft' && input.status !== 'publish';
}

/** The tools the gate tables use, one per classification that matters. */
export const tools = {
  read: makeTool({
    name: 'wp_get_post',
    label: 'Read post',
    classification: { kind: 'read', destructive: false },
  }),
  write: makeTool({
    name: 'wp_update_post',
    label: 'Update post',
    input: postInput,
    classification: { kind: 'write', destructive: false, draft: staysDraft },
  }),
  liveWrite: makeTool({
    name: 'wp_update_settings',
    label: 'Update settings',
    classification: { kind: 'write', destructive: false },
  }),
  run: makeTool({
    name: 'wp_run_cron',
    label: 'Run cron',
    classification: { kind: 'run', destructive: false },
  }),
  send: makeTool({
    name: 'wp_send_email',
    label: 'Send email',
    classification: { kind: 'send', destructive: false },
  }),
  trash: makeTool({
    name: 'wp_trash_post',
    label: 'Trash post',
    classification: { kind: 'delete', destructive: false },
  }),
  destroy: makeTool({
    name: 'wp_delete_post',
    label: 'Delete post',
    classification: { kind: 'delete', destructive: true },
  }),
  unclassified: makeTool({
    name: 'wp_call_endpoint',
    label: 'Call endpoint',
    classification: undefined,
  }),
} satisfies Record<string, AnyTool>;

/** A draft post edited without publishing: the write lands as a draft. */
export const draftFacts: CallFacts = { entity: { id: 7, type: 'post', status: 'draft' } };
/** A published post: any write to it is live. */
export const liveFacts: CallFacts = { entity: { id: 7, type: 'post', status: 'publish' } };
/** Input that keeps a draft a draft. */
export const draftInput = { id: 7, title: 'New title' };
