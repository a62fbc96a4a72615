// Issue 34 item 2: a site's abilities as tools of the registry, gated like every tool. The
// model is offered the ability's own schema; the model's input is checked with the compiled
// schema before any card, naming the field (T5, G5); the annotations' class decides the gate
// (G2: an unannotated ability asks even under an `allow` rule for it); the policy accepts
// ability tool names.
import { describe, expect, it } from 'vitest';
import { toAbility, type Ability } from '../../../../../src/cms/wordpress/abilities/discover';
import { abilityTool } from '../../../../../src/cms/wordpress/abilities/ability-tool';
import { evaluate, mergePolicies, PolicySchema } from '../../../../../src/gate';
import { createRegistry } from '../../../../../src/tools/registry';
import { WORDPRESS_TOOLS } from '../../../../../src/cms/wordpress/tools';
import type { ToolContext } from '../../../../../src/tools/tool';
import { RecordedSite, WP_ADMIN } from '../../../run/support/recorded-site';

const postId = { type: 'integer', title: 'Post', description: 'The post.', minimum: 1 };

function ability(name: string, annotations: unknown, input_schema: unknown = undefined): Ability {
  const parsed = toAbility({
    name,
    label: `Label of ${name}`,
    description: `What ${name} does.`,
    category: 'countersign-test',
    input_schema,
    meta: { annotations, show_in_rest: true },
  });
  if ('reason' in parsed) throw new Error(parsed.reason);
  return parsed;
}

const readonly = ability(
  'countersign-test/recent-titles',
  { readonly: true, destructive: false, idempotent: true },
  { type: 'object', properties: { count: { type: 'integer', minimum: 1, maximum: 10 } } },
);
const additive = ability(
  'countersign-test/add-post-note',
  { readonly: false, destructive: false, idempotent: false },
  {
    type: 'object',
    properties: { post_id: postId, note: { type: 'string', title: 'Note', maxLength: 20 } },
    required: ['post_id', 'note'],
  },
);
const destructive = ability(
  'countersign-test/trash-post',
  { readonly: false, destructive: true, idempotent: true },
  { type: 'object', properties: { post_id: postId }, required: ['post_id'] },
);
const bare = ability('countersign-test/set-excerpt', undefined, {
  type: 'object',
  properties: { post_id: postId, excerpt: { type: 'string' } },
  required: ['post_id'],
});
const scalar = ability('countersign-test/echo', { readonly: true }, { type: 'string' });
const none = ability('countersign-test/ping', { readonly: true });

const registry = createRegistry([
  ...WORDPRESS_TOOLS,
  ...[readonly, additive, destructive, bare, scalar, none].map((a) => abilityTool(a)),
]);
const gate = (name: string, input: unknown, policy = mergePolicies({}, {})) => {
  const valid = registry.validate(name, input);
  if (!valid.ok) throw new Error(valid.error);
  return evaluate(
    policy,
    { tool: valid.tool, input: valid.input },
    { facts: {}, untrusted: false, grants: [] },
  );
};

describe('abilities as tools', () => {
  it('offers each ability under its tool name with its own schema as the input schema', () => {
    const definition = registry.definition('ab_countersign-test_add-post-note');
    expect(definition?.input_schema).toEqual({
      type: 'object',
      properties: { post_id: postId, note: { type: 'string', title: 'Note', maxLength: 20 } },
      required: ['post_id', 'note'],
    });
    expect(definition?.description).toContain('countersign-test/add-post-note');
    // A root that is not an object is wrapped (the model API takes objects only); none: empty.
    expect(registry.definition('ab_countersign-test_echo')?.input_schema).toMatchObject({
      type: 'object',
      properties: { input: { type: 'string' } },
      required: ['input'],
    });
    expect(registry.definition('ab_countersign-test_ping')?.input_schema).toEqual({
      type: 'object',
      properties: {},
      additionalProperties: false,
    });
  });

  it('refuses bad input before any card, naming the field (T5)', () => {
    const wrongType = registry.validate('ab_countersign-test_add-post-note', {
      post_id: 'seven',
      note: 'x',
    });
    expect(wrongType).toMatchObject({ ok: false });
    expect(!wrongType.ok && wrongType.error).toMatch(
      /^Invalid input for ab_countersign-test_add-post-note: post_id: /,
    );
    const tooLong = registry.validate('ab_countersign-test_add-post-note', {
      post_id: 3,
      note: 'x'.repeat(21),
    });
    expect(!tooLong.ok && tooLong.error).toMatch(/note: /);
    const missing = registry.validate('ab_countersign-test_trash-post', {});
    expect(!missing.ok && missing.error).toMatch(/post_id: /);
    const extra = registry.validate('ab_countersign-test_ping', { anything: 1 });
    expect(extra.ok).toBe(false);
    expect(registry.validate('ab_countersign-test_trash-post', { post_id: 4 }).ok).toBe(true);
  });

  it('runs a read-only ability at once and asks for every other class (G2, G3)', () => {
    expect(gate('ab_countersign-test_recent-titles', { count: 2 }).decision).toBe('allow');
    expect(gate('ab_countersign-test_add-post-note', { post_id: 1, note: 'n' }).decision).toBe(
      'ask',
    );
    const trash = gate('ab_countersign-test_trash-post', { post_id: 1 });
    expect(trash.decision).toBe('ask');
    expect(gate('ab_countersign-test_set-excerpt', { post_id: 1 }).decision).toBe('ask');
  });

  it('asks for an unannotated or destructive ability even under an allow rule for it (G2)', () => {
    const policy = PolicySchema.parse({
      'ab_countersign-test_set-excerpt': { mode: 'allow' },
      'ab_countersign-test_trash-post': { mode: 'allow' },
    });
    const merged = mergePolicies({}, policy);
    const bareDecision = gate('ab_countersign-test_set-excerpt', { post_id: 1 }, merged);
    expect(bareDecision.decision).toBe('ask');
    expect(bareDecision.decision === 'ask' && bareDecision.reason).toMatch(
      /no classification, so every call asks/,
    );
    expect(gate('ab_countersign-test_trash-post', { post_id: 1 }, merged).decision).toBe('ask');
    // A deny rule for an ability refuses it.
    const denied = mergePolicies(
      {},
      PolicySchema.parse({ 'ab_countersign-test_recent-titles': { mode: 'deny' } }),
    );
    expect(gate('ab_countersign-test_recent-titles', {}, denied).decision).toBe('deny');
  });

  it('may retry only an idempotent ability, and its card lists titles and notes (C4)', async () => {
    expect(registry.get('ab_countersign-test_trash-post')?.retryOnce).toBe(true);
    expect(registry.get('ab_countersign-test_add-post-note')?.retryOnce).toBeUndefined();
    expect(registry.get('ab_countersign-test_set-excerpt')?.retryOnce).toBeUndefined();
    const site = new RecordedSite();
    const ctx: ToolContext = { user: WP_ADMIN, threadId: 'thread-1', cms: site.session() };
    const card = await registry
      .get('ab_countersign-test_add-post-note')
      ?.argumentCard?.({ post_id: site.postId, note: '<b>hi</b>' }, ctx);
    expect(card?.arguments).toEqual([
      {
        key: 'post_id',
        title: 'Post',
        description: 'The post.',
        value: String(site.postId),
        // C3: the post it names, read with the person's session.
        entity: { kind: 'post', id: site.postId, name: 'Draft by author1' },
      },
      { key: 'note', title: 'Note', description: undefined, value: '<b>hi</b>' },
    ]);
    // An id the person cannot read (or that does not exist) keeps its number, with no name.
    const missing = await registry
      .get('ab_countersign-test_add-post-note')
      ?.argumentCard?.({ post_id: 999, note: 'x' }, ctx);
    expect(missing?.arguments[0]?.entity).toEqual({ kind: 'post', id: 999 });
    expect(site.asked).toEqual(
      expect.arrayContaining([`wp/v2/posts/${site.postId}`, 'wp/v2/posts/999', 'wp/v2/pages/999']),
    );
    expect(card?.notes).toContain(
      'The site checks whether you may run this only when it runs: there is no trial run.',
    );
  });

  it('keeps hashed ability names valid tool and policy names', () => {
    const long = ability(`${'n'.repeat(40)}/${'a-'.repeat(20)}x`, { readonly: true });
    expect(long.toolName.startsWith('abh_')).toBe(true);
    expect(() => createRegistry([abilityTool(long)])).not.toThrow();
    expect(PolicySchema.safeParse({ [long.toolName]: { mode: 'ask' } }).success).toBe(true);
  });
});
