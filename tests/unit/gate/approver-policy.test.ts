// G15: the site policy's `approvals` part: which calls need a second approver, and which
// capability approves them.
import { describe, expect, it } from 'vitest';
import {
  SecondApproverPolicySchema,
  defaultApproverCapability,
  secondApproverFor,
} from '../../../src/gate/approver-policy';
import { tools } from './fixtures';

const published = { entity: { status: 'publish' } };
const draft = { entity: { status: 'draft' } };

describe('second approver policy', () => {
  it('a site without approvals needs no second approver (local-only behaviour)', () => {
    expect(secondApproverFor(undefined, tools.destroy, {}, {})).toBeNull();
    expect(secondApproverFor({}, tools.destroy, {}, {})).toBeNull();
  });

  it('a class entry covers live writes but not a write that lands as a draft', () => {
    const approvals = { classes: { 'live-write': {} } };
    expect(secondApproverFor(approvals, tools.write, { id: 1 }, published)).toEqual({
      capability: 'edit_others_posts',
      by: 'live-write',
    });
    expect(secondApproverFor(approvals, tools.write, { id: 1 }, draft)).toBeNull();
    expect(secondApproverFor(approvals, tools.destroy, {}, {})).toBeNull();
    expect(secondApproverFor(approvals, tools.read, {}, {})).toBeNull();
  });

  it('defaults: administrators approve settings, editors and administrators content', () => {
    const approvals = { classes: { 'live-write': {}, destructive: {} } };
    expect(secondApproverFor(approvals, tools.liveWrite, {}, {})?.capability).toBe(
      'manage_options',
    );
    expect(secondApproverFor(approvals, tools.destroy, {}, {})).toEqual({
      capability: 'edit_others_posts',
      by: 'destructive',
    });
    expect(defaultApproverCapability('wp_update_settings')).toBe('manage_options');
    expect(defaultApproverCapability('wp_update_post')).toBe('edit_others_posts');
  });

  it("a tool's own entry wins over its class, even for a draft write", () => {
    const approvals = {
      tools: { wp_update_post: { capability: 'publish_pages' } },
      classes: { 'live-write': { capability: 'manage_options' } },
    };
    expect(secondApproverFor(approvals, tools.write, { id: 1 }, draft)).toEqual({
      capability: 'publish_pages',
      by: 'tool',
    });
  });

  it.each([
    ['an unknown class', { classes: { everything: {} } }, 'classes'],
    ['a tool key that is no tool name', { tools: { 'Update Post': {} } }, 'tools'],
    ['a bad capability', { tools: { wp_update_post: { capability: 'Edit Posts' } } }],
    ['an unknown field', { tools: { wp_update_post: { who: 'admins' } } }],
    ['an unknown part', { people: {} }],
  ])('%s is refused', (_what, value, part?: string) => {
    const parsed = SecondApproverPolicySchema.safeParse(value);
    expect(parsed.success).toBe(false);
    if (part) expect(parsed.error?.issues[0]?.path[0]).toBe(part);
  });
});
