import { describe, expect, it } from 'vitest';
import {
  POLICY_FILE_FORMAT,
  policyFileText,
  readPolicyFile,
} from '../../../src/settings/policy-file';

const TOOLS = ['wp_get_entity', 'wp_update_post'];
const DRAFT_RULE = { '==': [{ var: 'facts.entity.status' }, 'draft'] };
const POLICY = {
  '*': { mode: 'ask' as const },
  wp_update_post: { mode: 'ask' as const, rule: DRAFT_RULE },
};

const messages = (text: string) => {
  const read = readPolicyFile(text, TOOLS);
  return read.ok ? [] : read.problems.map((p) => p.message);
};

describe('policy export and import (G4, STYLE 7)', () => {
  it('an export reads back as the same policy', () => {
    const text = policyFileText(POLICY, Date.UTC(2026, 0, 2));
    expect(JSON.parse(text)).toMatchObject({
      format: POLICY_FILE_FORMAT,
      version: 2,
      exportedAt: '2026-01-02T00:00:00.000Z',
    });
    expect(readPolicyFile(text, TOOLS)).toEqual({ ok: true, policy: POLICY });
  });

  it('a bare version 1 policy (shorthand modes too) is migrated on import', () => {
    const text = JSON.stringify({ wp_get_entity: 'deny', wp_update_post: { mode: 'once' } });
    expect(readPolicyFile(text, TOOLS)).toEqual({
      ok: true,
      policy: { wp_get_entity: { mode: 'deny' }, wp_update_post: { mode: 'once' } },
    });
  });

  it.each([
    ['text that is not JSON', '{"wp_get_entity": ', /^Import: the file is not JSON/],
    ['an array', '[1, 2]', /^Import: the file must hold a JSON object/],
    ['a string', '"allow"', /^Import: the file must hold a JSON object/],
    [
      'another format',
      '{"format": "wp-export", "version": 1, "policy": {}}',
      /"format" must be "countersign-gate-policy"/,
    ],
    [
      'a newer version',
      `{"format": "${POLICY_FILE_FORMAT}", "version": 3, "policy": {}}`,
      /version 3, newer than this Countersign reads \(2\)/,
    ],
    [
      'a version that is not a number',
      `{"format": "${POLICY_FILE_FORMAT}", "version": "2", "policy": {}}`,
      /"version" must be a whole number/,
    ],
    [
      'a policy that is a list',
      `{"format": "${POLICY_FILE_FORMAT}", "version": 2, "policy": []}`,
      /"policy" must be an object/,
    ],
  ])('refuses %s with a clear message', (_, text, message) => {
    expect(messages(text)[0]).toMatch(message);
    expect(readPolicyFile(text, TOOLS).ok).toBe(false);
  });

  it('names every bad entry, and returns nothing when any is bad (nothing half-way)', () => {
    const text = JSON.stringify({
      wp_get_entity: { mode: 'allow' },
      wp_update_post: { mode: 'ask', rule: { 'Math.max': [1] } },
      wp_made_up: { mode: 'deny' },
      'Not A Tool': { mode: 'ask' },
    });
    const read = readPolicyFile(text, TOOLS);
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.problems.map((p) => [p.entry, p.field])).toEqual([
      ['wp_update_post', 'rule'],
      ['wp_made_up', null],
      ['Not A Tool', null],
    ]);
    expect(read.problems[0]?.message).toMatch(
      /entry "wp_update_post" rule: the rule uses unknown operator "Math.max"/,
    );
    expect(read.problems[1]?.message).toMatch(/"wp_made_up" is not a known tool/);
    expect(read.problems[2]?.message).toMatch(/must be a tool name/);
  });

  it('refuses a rule on an allow entry, naming the mode', () => {
    const text = JSON.stringify({ wp_update_post: { mode: 'allow', rule: DRAFT_RULE } });
    expect(messages(text)[0]).toMatch(
      /a rule only auto-approves calls of an "ask" or "once" entry/,
    );
  });
});
