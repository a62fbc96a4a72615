import jsonLogic from 'json-logic-js';
import type { RulesLogic } from 'json-logic-js';

/**
 * The JSON-Logic operators a gate rule may use: every standard json-logic-js operator
 * except `log`, which writes to the console. Dotted method names are never allowed.
 */
export const RULE_OPERATORS: ReadonlySet<string> = new Set(
  [
    'var missing missing_some if ?: and or ! !! == === != !== > >= < <=',
    'max min + - * / % map filter reduce all none some merge in cat substr',
  ]
    .join(' ')
    .split(' '),
);

/**
 * G4: checks a rule before it is stored, so a typo is an error now rather than a rule
 * that silently never approves. Returns a sentence naming the problem, or null.
 */
export function findRuleProblem(rule: unknown): string | null {
  if (!isOperation(rule)) {
    return 'the rule must be a JSON-Logic operation, an object with one operator key such as {"==": [...]}';
  }
  return walk(rule);
}

function isOperation(value: unknown): value is Record<string, unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.keys(value).length === 1
  );
}

function walk(node: unknown): string | null {
  if (Array.isArray(node)) {
    for (const item of node) {
      const problem = walk(item);
      if (problem) return problem;
    }
    return null;
  }
  // json-logic-js reads any one-key object as an operation; other objects are literals.
  if (!isOperation(node)) return null;
  const [operator, args] = Object.entries(node)[0] as [string, unknown];
  if (!RULE_OPERATORS.has(operator)) {
    return `the rule uses unknown operator "${operator}"; known operators: ${[...RULE_OPERATORS].join(' ')}`;
  }
  return walk(args);
}

/**
 * G4: whether a rule approves a call. The rule sees `{ input, facts }` and approves only
 * when it evaluates to exactly `true` (not merely truthy), so a rule such as
 * `{"var": "input.status"}` cannot approve by accident. A rule that throws approves nothing.
 */
export function ruleApproves(rule: unknown, data: { input: unknown; facts: unknown }): boolean {
  try {
    return jsonLogic.apply(rule as RulesLogic, data) === true;
  } catch {
    return false;
  }
}
