import { mergePolicies, parsePolicy, type EffectivePolicy } from '../../src/gate';
import type { RunState, Turn, TurnCall } from '../../src/run/state/run-state-schema';
import type { TranscriptMessage } from '../../src/run/model-port';
import { articleContent } from './article';
import categories from './fixtures/categories.json';
import tags from './fixtures/tags.json';
import { DRAFT_ID, SITE } from './memory-site';

/** The tool every measured call uses. */
export const TOOL = 'wp_update_post';

/** The thread's owner: the admin whose session the fixtures were recorded with. */
export const OWNER = { userId: '1', siteOrigin: SITE };

const ids = (list: { id: number }[]) => list.map((term) => term.id).sort((a, b) => a - b);

/**
 * The model's input for call `i`: a rewrite of the draft (about 4.5 KB of new content, a new
 * title and excerpt) that also files it under two categories and two tags. The title
 * differs per call, so every call has its own payload hash and record.
 */
export function updateInput(i: number): Record<string, unknown> {
  return {
    type: 'post',
    id: DRAFT_ID,
    title: `Spring release: search, archive and threads that last (${i})`,
    content: articleContent(true),
    excerpt: 'Faster search, a monthly archive, and comment threads that survive moves.',
    categories: ids(categories.body),
    tags: ids(tags.body),
  };
}

/**
 * A realistic policy: a managed entry or two, and admin entries for most tools, one with
 * a JSON-Logic rule (G4) that auto-approves edits of drafts that keep their address and
 * categories. The measured call changes categories, so the rule runs in full and says no:
 * the call asks, as most content writes do.
 */
export function benchPolicy(tools: readonly string[]): EffectivePolicy {
  const managed = parsePolicy(
    { wp_delete_entity: { mode: 'deny' }, wp_update_settings: { mode: 'ask' } },
    { source: 'managed', tools },
  );
  const admin = parsePolicy(
    {
      wp_search_content: { mode: 'allow' },
      wp_get_entity: { mode: 'allow' },
      wp_create_draft: { mode: 'once' },
      wp_update_post: {
        mode: 'ask',
        rule: {
          and: [
            { '==': [{ var: 'facts.entity.status' }, 'draft'] },
            { in: [{ var: 'input.type' }, ['post', 'page']] },
            { '!': { var: 'input.slug' } },
            { '!': { var: 'input.categories' } },
          ],
        },
      },
      wp_set_status: { mode: 'ask' },
      wp_trash_entity: { mode: 'ask' },
      wp_update_settings: { mode: 'deny' },
    },
    { source: 'admin', tools },
  );
  return mergePolicies(managed, admin);
}

/** The turn of call `i`: the reply's one tool_use, waiting, with a record id of its own. */
export function waitingTurn(i: number, startedAt: number): Turn {
  const call: TurnCall = {
    position: 0,
    toolUseId: `toolu_bench_${i}`,
    tool: TOOL,
    input: updateInput(i),
    recordId: crypto.randomUUID(),
    status: 'waiting',
  };
  return { id: `turn-${i}`, startedAt, reasoning: REASONING, calls: [call], previews: [] };
}

const REASONING =
  'The draft reads well but the intro undersells the release. I will rewrite the intro, ' +
  'add a short "What comes next" section, add the missing list item, and file it under ' +
  'News as well as Testing, with both tags. It stays a draft; the editor publishes.';

/**
 * The thread so far, as a realistic first write finds it: the person's request, a read of
 * the draft (its tool result holds the post, about 5 KB), and the reply that asks for the
 * update. The saved state carries this transcript on every save.
 */
function transcript(readResult: string): TranscriptMessage[] {
  const ask =
    'Rewrite the spring release draft: a stronger intro, a section on what comes next, and ' +
    'file it under News too. Keep it a draft.';
  return [
    { role: 'user', content: [{ type: 'text', text: ask }] },
    {
      role: 'assistant',
      content: [
        { type: 'thinking', thinking: 'Read the draft first.', signature: 'sig-'.repeat(40) },
        {
          type: 'tool_use',
          id: 'toolu_read',
          name: 'wp_get_entity',
          input: { type: 'post', id: DRAFT_ID },
        },
      ],
    },
    {
      role: 'user',
      content: [{ type: 'tool_result', tool_use_id: 'toolu_read', content: readResult }],
    },
    {
      role: 'assistant',
      content: [
        { type: 'thinking', thinking: REASONING, signature: 'sig-'.repeat(40) },
        { type: 'text', text: 'Here is the rewrite; it stays a draft.' },
        { type: 'tool_use', id: 'toolu_bench', name: TOOL, input: updateInput(0) },
      ],
    },
  ];
}

/** The run state of the bench thread, before any measured call. */
export function benchState(threadId: string, readResult: string, now: number): RunState {
  return {
    schemaVersion: 1,
    threadId,
    owner: OWNER,
    createdAt: now,
    updatedAt: now,
    revision: 0,
    transcript: transcript(readResult),
    untrusted: false,
    grants: [{ tool: 'wp_create_draft', grantedAt: now }],
    turn: null,
    refusedDecisions: [],
  };
}
