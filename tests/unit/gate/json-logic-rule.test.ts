import { describe, expect, it } from 'vitest';
import { RULE_OPERATORS, findRuleProblem, ruleApproves } from '../../../src/gate';

const data = {
  input: { id: 7, tags: ['news', 'local'], title: 'Hello' },
  facts: { entity: { status: 'draft' } },
};

describe('G4: JSON-Logic rules', () => {
  it.each<[string, unknown, boolean]>([
    ['equality on input', { '==': [{ var: 'input.id' }, 7] }, true],
    ['equality on facts', { '===': [{ var: 'facts.entity.status' }, 'draft'] }, true],
    [
      'and of two tests',
      { and: [{ '<': [{ var: 'input.id' }, 10] }, { in: ['news', { var: 'input.tags' }] }] },
      true,
    ],
    ['a failing test', { '>': [{ var: 'input.id' }, 10] }, false],
    ['a missing variable', { '==': [{ var: 'input.nothing' }, 'x'] }, false],
    ['a truthy non-boolean result', { var: 'input.title' }, false],
    [
      'all over an array',
      { all: [{ var: 'input.tags' }, { '!=': [{ var: '' }, 'politics'] }] },
      true,
    ],
    [
      'some over an array',
      { some: [{ var: 'input.tags' }, { '==': [{ var: '' }, 'politics'] }] },
      false,
    ],
  ])('G4: %s', (_name, rule, expected) => {
    expect(findRuleProblem(rule)).toBeNull();
    expect(ruleApproves(rule, data)).toBe(expected);
  });

  it('G4: the allowed operators are the standard ones without log', () => {
    expect(RULE_OPERATORS.has('log')).toBe(false);
    expect(RULE_OPERATORS.has('==')).toBe(true);
    expect(RULE_OPERATORS.has('missing_some')).toBe(true);
    expect(RULE_OPERATORS.size).toBe(34);
  });

  it('G4: a literal object with several keys is data, not an operator', () => {
    expect(
      findRuleProblem({
        '==': [
          { a: 1, b: 2 },
          { a: 1, b: 2 },
        ],
      }),
    ).toBeNull();
  });

  it('G4: a rule that throws at evaluation approves nothing', () => {
    expect(ruleApproves({ nope: [] }, data)).toBe(false);
  });
});
