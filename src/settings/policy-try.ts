import { forGate } from '../tools/tool-words';
import { z } from 'zod';
import { evaluate, lockedBy, ruleApproves, type Decision, type EffectivePolicy } from '../gate';
import { t } from '../i18n';
import type { FieldProblem, RuleTryView } from '../shared/protocols/options-protocol';
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
    const message = t('optionsRules.try.sampleShape');
    return { ok: false, problems: [{ entry: tool.name, field: null, message }] };
  }
  const entry = policy[tool.name];
  const input = sample.data.input;
  const facts = (sample.data.facts ?? {}) as CallFacts;
  const edited: EffectivePolicy =
    entry && !lockedBy(base, tool.name)
      ? { ...base, entries: { ...base.entries, [tool.name]: { ...entry, source: 'admin' } } }
      : base;
  const decision = evaluate(
    edited,
    { tool: forGate(tool), input },
    { facts, untrusted: false, grants: [] },
  );
  const view: RuleTryView = {
    rule:
      entry?.rule === undefined
        ? 'none'
        : ruleApproves(entry.rule, { input, facts })
          ? 'approves'
          : 'does-not-approve',
    decision: decision.decision,
    reason: reasonOf(decision, tool.name),
  };
  const valid = validateToolInput(tool, input);
  if (!valid.ok) view.inputProblem = valid.error;
  return { ok: true, view };
}

/**
 * Why the gate decided so, in the person's words (issue 37). An ask's reason is the card's
 * own "why it asks", already in their language; a refusal's reason is written for the model
 * and the audit (English), so the admin reads it here from the entry that refused. The
 * options page tries this browser's rules (managed and admin), never a site's.
 */
function reasonOf(decision: Decision, tool: string): string {
  if (decision.decision === 'ask') return decision.reason;
  const { rule } = decision;
  const entry = rule.entry;
  if (decision.decision === 'deny') {
    if (rule.source === 'managed') return t('optionsRules.try.why.denyManaged', { entry, tool });
    if (rule.source === 'admin') return t('optionsRules.try.why.denyAdmin', { entry, tool });
    return decision.reason;
  }
  if (rule.byRule) return t('optionsRules.try.why.byRule');
  if (rule.alwaysAsk) return t('optionsRules.try.why.optIn');
  if (rule.source === 'managed') return t('optionsRules.try.why.managed', { entry });
  if (rule.source === 'admin') return t('optionsRules.try.why.admin', { entry });
  return t('optionsRules.try.why.defaultRead');
}
