import { z } from 'zod';
import { evaluate, lockedBy, ruleApproves, type Decision, type EffectivePolicy } from '../gate';
import type { FieldProblem, RuleTryView } from '../shared/options-protocol';
import type { AnyTool, CallFacts } from '../tools/tool';
import { validateToolInput } from '../tools/validate-input';
import { readEntries } from './policy-entries';

const SampleSchema = z.strictObject({
  input: z.unknown(),
  facts: z.record(z.string(), z.unknown()).optional(),
});

/** The outcome of "try it": what the rule and the gate say, or what is wrong with the try. */
export type RuleTry = { ok: true; view: RuleTryView } | { ok: false; problems: FieldProblem[] };

/**
 * G4 "try it": evaluates the edited entry's rule against a sample call `{ input, facts }`,
 * then the whole gate (G1-G4, G11) as a trusted thread without grants, with the edited
 * entry in place of the admin's (a managed entry still wins). So the admin sees both
 * whether the rule matches and whether the call would really run without a card.
 */
export function tryRule(
  tool: AnyTool,
  rawEntry: unknown,
  rawSample: unknown,
  base: EffectivePolicy,
): RuleTry {
  const { policy, problems } = readEntries({ [tool.name]: rawEntry }, { source: 'admin' });
  if (problems.length > 0) return { ok: false, problems };
  const sample = SampleSchema.safeParse(rawSample);
  if (!sample.success) {
    const message = 'Sample call: must be an object {"input": {…}, "facts": {…}}.';
    return { ok: false, problems: [{ entry: tool.name, field: null, message }] };
  }
  const entry = policy[tool.name];
  const input = sample.data.input;
  const facts = (sample.data.facts ?? {}) as CallFacts;
  const edited: EffectivePolicy =
    entry && !lockedBy(base, tool.name)
      ? { ...base, entries: { ...base.entries, [tool.name]: { ...entry, source: 'admin' } } }
      : base;
  const decision = evaluate(edited, { tool, input }, { facts, untrusted: false, grants: [] });
  const view: RuleTryView = {
    rule:
      entry?.rule === undefined
        ? 'none'
        : ruleApproves(entry.rule, { input, facts })
          ? 'approves'
          : 'does-not-approve',
    decision: decision.decision,
    reason: reasonOf(decision),
  };
  const valid = validateToolInput(tool, input);
  if (!valid.ok) view.inputProblem = valid.error;
  return { ok: true, view };
}

function reasonOf(decision: Decision): string {
  if (decision.decision !== 'allow') return decision.reason;
  const { rule } = decision;
  if (rule.byRule) return 'The rule approves it: the call runs without a card.';
  if (rule.alwaysAsk) return 'The "*": "allow" opt-in lifts the always-ask class: it runs.';
  if (rule.source === 'default') return 'Reads run without a card by default.';
  return `The ${rule.source} entry "${rule.entry}" allows it: the call runs without a card.`;
}
