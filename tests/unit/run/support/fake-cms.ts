import { z } from 'zod';
import type { AnyTool, CallFacts, ToolContext } from '../../../../src/tools/tool';

/** A post of the fake CMS. */
export interface FakePost {
  id: number;
  title: string;
  status: 'draft' | 'publish';
  modified: string;
}

/**
 * The site the tools change. It outlives workers (it is the server side), so tests can
 * count executions across a restart: every change is logged in `executions`.
 */
export class FakeCms {
  readonly posts = new Map<number, FakePost>([
    [1, { id: 1, title: 'Hello', status: 'publish', modified: '2025-01-01T00:00:00' }],
    [2, { id: 2, title: 'Draft', status: 'draft', modified: '2025-01-01T00:00:00' }],
  ]);
  readonly executions: { tool: string; input: unknown }[] = [];
  private tick = 0;

  /** Someone else edits the post (G13). */
  editElsewhere(id: number, title: string): void {
    const post = this.mustGet(id);
    post.title = title;
    post.modified = this.nextModified();
  }

  mustGet(id: number): FakePost {
    const post = this.posts.get(id);
    if (!post) throw new Error(`No post ${id}.`);
    return post;
  }

  nextModified(): string {
    this.tick += 1;
    return `2025-01-02T00:00:${String(this.tick).padStart(2, '0')}`;
  }

  count(tool: string): number {
    return this.executions.filter((e) => e.tool === tool).length;
  }
}

const id = z.number().int().describe('The post id.');

/** Facts about a post for the gate (draft status, G4) and G13 (`modified`). */
function facts(cms: FakeCms, postId: number): Promise<CallFacts> {
  const post = cms.posts.get(postId);
  if (!post) return Promise.resolve({});
  return Promise.resolve({
    entity: { id: post.id, type: 'post', status: post.status, modified: post.modified },
  });
}

/** Tool options a test may vary. */
export interface ToolOptions {
  reconcile?: boolean;
  preview?: (ctx: ToolContext, input: { id: number; title: string }) => Promise<string[]>;
  /** Post ids the acting user may not edit (G5). */
  locked?: Set<number>;
}

/** wp_update_post: a patch write; lands as a draft only on draft posts (G2). */
export function updatePostTool(cms: FakeCms, options: ToolOptions = {}): AnyTool {
  const tool: AnyTool = {
    name: 'wp_update_post',
    label: 'Update post',
    description: 'Change the title of a post.',
    cardDescription: 'Changes the title of a post.',
    input: z.strictObject({ id, title: z.string().min(1).describe('The new title.') }),
    classification: {
      kind: 'write',
      destructive: false,
      changes: { entity: ['id'], values: ['title'] },
      draft: (_input, f) => f.entity?.status === 'draft',
    },
    accessHint: 'The account must be able to edit the post.',
    facts: (_ctx, input: { id: number }) => facts(cms, input.id),
    access: (_ctx, input: { id: number }) =>
      Promise.resolve(
        !cms.posts.has(input.id)
          ? { ok: false, reason: `post ${input.id} does not exist` }
          : options.locked?.has(input.id)
            ? { ok: false, reason: `you may not edit post ${input.id}` }
            : { ok: true },
      ),
    execute: (_ctx, input: { id: number; title: string }) => {
      cms.executions.push({ tool: 'wp_update_post', input });
      const post = cms.mustGet(input.id);
      post.title = input.title;
      post.modified = cms.nextModified();
      return Promise.resolve({
        summary: `Updated post ${post.id}.`,
        data: { id: post.id, title: post.title },
      });
    },
    preview:
      options.preview ??
      ((_ctx, input: { id: number; title: string }) =>
        Promise.resolve([`Title: "${cms.mustGet(input.id).title}" → "${input.title}"`])),
  };
  if (options.reconcile) {
    tool.reconcile = (_ctx, input: { id: number; title: string }) => {
      const post = cms.mustGet(input.id);
      return Promise.resolve(
        post.title === input.title
          ? { ran: true, result: { summary: `Updated post ${post.id}.`, data: { id: post.id } } }
          : { ran: false },
      );
    };
  }
  return tool;
}
