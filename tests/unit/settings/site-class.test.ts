// Issue 34 item 2: "a site policy entry may classify or tighten a single ability". The site's
// rules give one of its abilities a class (read, write, destructive): an ability its plugin
// left unclassified takes it, a claimed class only gets stricter, never looser; a class for
// anything but an ability, or one that is not a class, fails closed for that tool.
import { describe, expect, it } from 'vitest';
import { toAbility } from '../../../src/cms/wordpress/abilities/discover';
import { abilityTool } from '../../../src/cms/wordpress/abilities/ability-tool';
import { ABILITY_TOOL_PREFIXES } from '../../../src/cms/wordpress/abilities/names';
import { evaluate, mergeSources } from '../../../src/gate';
import { parseSitePolicy } from '../../../src/settings/policy-site';
import { createRegistry } from '../../../src/tools/registry';
import { classedTools, withSiteClass } from '../../../src/tools/site-class';
import { WORDPRESS_TOOLS } from '../../../src/cms/wordpress/tools';

function ability(name: string, annotations: unknown) {
  const parsed = toAbility({
    name,
    label: name,
    description: `What ${name} does.`,
    category: 'c',
    input_schema: { type: 'object', properties: { id: { type: 'integer' } } },
    meta: { annotations, show_in_rest: true },
  });
  if ('reason' in parsed) throw new Error(parsed.reason);
  return abilityTool(parsed);
}

const bare = ability('acme/sync', undefined);
const readonly = ability('acme/report', { readonly: true, destructive: false, idempotent: true });
const additive = ability('acme/add-note', { readonly: false, destructive: false });
const answer = (policy: unknown) => ({
  version: 1,
  policy,
  updatedAt: null,
  updatedBy: null,
  canEdit: true,
});
const read = (policy: unknown) =>
  parseSitePolicy(answer(policy), ['wp_update_post'], 5, ABILITY_TOOL_PREFIXES);

describe("the site's class for one of its abilities", () => {
  it('classifies an unclassified ability, tightens a claim, never loosens one', () => {
    expect(bare.classification).toBeUndefined();
    expect(withSiteClass(bare, 'read').tool.classification).toEqual({
      kind: 'read',
      destructive: false,
    });
    expect(withSiteClass(readonly, 'write').tool.classification).toEqual({
      kind: 'write',
      destructive: false,
    });
    expect(withSiteClass(additive, 'destructive').tool.classification?.destructive).toBe(true);
    // Looser than the claim, or the same: nothing changes.
    expect(withSiteClass(additive, 'read')).toEqual({ tool: additive, applied: false });
    expect(withSiteClass(additive, 'write').applied).toBe(false);
    // Only a site's own tool takes a class.
    const post = WORDPRESS_TOOLS.find((tool) => tool.name === 'wp_update_post')!;
    expect(withSiteClass(post, 'read').applied).toBe(false);
    // The options page says where the class came from.
    expect(withSiteClass(bare, 'write').tool.siteOrigin?.siteClass).toBe('write');
  });

  it('is read from the site’s policy, with or without a mode, and reaches the gate', () => {
    const reading = read({
      [bare.name]: { class: 'read' },
      [readonly.name]: { mode: 'allow', class: 'destructive' },
    });
    expect(reading.status).toBe('ok');
    expect(reading.layer.classes).toEqual({ [bare.name]: 'read', [readonly.name]: 'destructive' });
    expect(reading.layer.policy).toEqual({ [readonly.name]: { mode: 'allow' } });
    const policy = mergeSources({ site: reading.layer });
    const registry = classedTools(createRegistry([bare, readonly]), policy.classes);
    const ctx = { facts: {}, untrusted: false, grants: [] };
    // Unclassified, it always asked (G2); classed a read by the site, it runs as reads do.
    expect(evaluate(policy, { tool: bare, input: {} }, ctx).decision).toBe('ask');
    expect(evaluate(policy, { tool: registry.get(bare.name)!, input: {} }, ctx).decision).toBe(
      'allow',
    );
    // The run loop takes the tool from the validation of the model's input: classed there too.
    const valid = registry.validate(bare.name, { id: 1 });
    expect(valid.ok && valid.tool.classification).toEqual({ kind: 'read', destructive: false });
    // A read-only claim the site calls destructive asks even under the site's own allow.
    expect(evaluate(policy, { tool: readonly, input: {} }, ctx).decision).toBe('allow');
    expect(evaluate(policy, { tool: registry.get(readonly.name)!, input: {} }, ctx).decision).toBe(
      'ask',
    );
  });

  it('a class for a WordPress tool, or that is no class, fails closed for that tool', () => {
    const reading = read({
      wp_update_post: { mode: 'allow', class: 'read' },
      [bare.name]: { class: 'harmless' },
      [additive.name]: { mode: 'deny', class: 'everything' },
    });
    expect(reading.status).toBe('invalid');
    expect(reading.layer.classes).toBeUndefined();
    expect(reading.layer.failed).toEqual({
      wp_update_post: 'ask',
      [bare.name]: 'ask',
      [additive.name]: 'deny',
    });
    expect(reading.problems.join(' ')).toMatch(/only for the site's own tools/);
    expect(reading.problems.join(' ')).toMatch(/"harmless"; a class is one of read, write/);
  });
});
