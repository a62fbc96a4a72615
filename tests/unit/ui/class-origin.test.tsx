// @vitest-environment happy-dom
// Issue 34: the options page says, for each ability, what its plugin's author claims and what
// the gate makes of it, from the summary the background derives from the real annotations.
import { afterEach, describe, expect, it } from 'vitest';
import { toAbility } from '../../../src/cms/wordpress/abilities/discover';
import { abilityTool } from '../../../src/cms/wordpress/abilities/ability-tool';
import { toolSummary } from '../../../src/settings/policy-catalog';
import { ClassOrigin } from '../../../src/ui/options/rules/class-origin';
import { cleanup, mount } from './support';

afterEach(cleanup);

/** The row's words for an ability that claims `annotations`. */
function words(annotations: unknown): { claims: string[]; reasons: string[] } {
  const parsed = toAbility({
    name: 'acme/thing',
    label: 'Thing',
    description: '<b>markup</b>',
    category: 'acme',
    meta: { annotations, show_in_rest: true },
  });
  if ('reason' in parsed) throw new Error(parsed.reason);
  const root = mount(<ClassOrigin tool={toolSummary(abilityTool(parsed))} />);
  const [first, ...rest] = [...root.querySelectorAll('p')];
  return {
    claims: [...first!.querySelectorAll('.badge')].map((badge) => badge.textContent ?? ''),
    reasons: rest.map((p) => p.textContent ?? ''),
  };
}

describe("an ability's class and where it came from", () => {
  it('a read-only claim: a read, and nothing said of a retry', () => {
    expect(words({ readonly: true, destructive: false, idempotent: true })).toEqual({
      claims: ['read-only', 'not destructive', 'safe to repeat'],
      reasons: ['So it only reads: it runs without asking unless a rule says otherwise.'],
    });
  });

  it('not destructive: a write that asks, never sent twice unless it claims so', () => {
    const { claims, reasons } = words({ readonly: false, destructive: false });
    expect(claims).toEqual(['not read-only', 'not destructive']);
    expect(reasons[0]).toBe('So it is a write: every call asks.');
    expect(reasons[1]).toMatch(/never sends it again/);
  });

  it('destructive and safe to repeat: asks, and may be sent once more after a stop', () => {
    const { reasons } = words({ destructive: true, idempotent: true });
    expect(reasons).toEqual([
      'So it is destructive: every call asks.',
      expect.stringMatching(/may send it once more/),
    ]);
  });

  it('claims that contradict, or leave "destructive" unsaid, count as destructive', () => {
    expect(words({ readonly: true, destructive: true }).reasons[0]).toMatch(/takes the stricter/);
    expect(words({ idempotent: false }).reasons[0]).toMatch(/does not say it is not destructive/);
  });

  it('no annotations: unclassified, every call asks whatever a rule says', () => {
    expect(words(null)).toEqual({
      claims: ['nothing (no annotations)'],
      reasons: [
        'Nothing is known of what it does, so it is unclassified: every call asks, whatever a rule says.',
      ],
    });
  });

  it('says nothing for a tool of the CMS itself', () => {
    const root = mount(
      <ClassOrigin
        tool={{ ...toolSummary(abilityTool(toAbilityOrThrow())), siteOrigin: undefined }}
      />,
    );
    expect(root.textContent).toBe('');
  });
});

function toAbilityOrThrow() {
  const parsed = toAbility({ name: 'acme/x', label: 'X', category: 'acme', meta: {} });
  if ('reason' in parsed) throw new Error(parsed.reason);
  return parsed;
}
