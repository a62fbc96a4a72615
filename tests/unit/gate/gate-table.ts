import { describe, expect, it } from 'vitest';
import { evaluate, mergeSources } from '../../../src/gate';
import type {
  Decision,
  DecisionRule,
  GateTool,
  Policy,
  SiteLayer,
  PolicyEntry,
  PolicyMode,
  ThreadGrant,
} from '../../../src/gate';
import type { CallFacts } from '../../../src/tools/tool';
import { draftFacts, draftInput, tools } from './fixtures';

export const ALLOW: PolicyEntry = { mode: 'allow' };
export const ASK: PolicyEntry = { mode: 'ask' };
export const ONCE: PolicyEntry = { mode: 'once' };
export const DENY: PolicyEntry = { mode: 'deny' };
/** Rules that match (or not) the default call input `{ id: 7 }`. */
export const idIs7 = { '==': [{ var: 'input.id' }, 7] };
export const idIs8 = { '==': [{ var: 'input.id' }, 8] };

/** What a table row sets up: policies, the tool and, optionally, the call and thread. */
export interface Given {
  managed?: Policy;
  site?: SiteLayer;
  admin?: Policy;
  tool: GateTool;
  input?: unknown;
  facts?: CallFacts;
  untrusted?: boolean;
  grants?: ThreadGrant[];
}

/** What a row expects: decision, mode and the rule that decided. */
export type Want = [Decision['decision'], PolicyMode, DecisionRule];

export interface Row {
  name: string;
  given: Given;
  want: Want;
}

export const row = (name: string, given: Given, want: Want): Row => ({ name, given, want });

export const src = (
  source: DecisionRule['source'],
  entry: string,
  extra: Partial<DecisionRule> = {},
): DecisionRule => ({ source, entry, ...extra });

export const grant = (tool: string): ThreadGrant => ({ tool, grantedAt: 1_700_000_000_000 });

/** Runs one row through the gate. Without input and facts, `write` makes a draft write. */
export function decide(given: Given): Decision {
  const policy = mergeSources({ managed: given.managed, site: given.site, admin: given.admin });
  const isWrite = given.tool === tools.write;
  const input = given.input ?? (isWrite ? draftInput : { id: 7 });
  const facts = given.facts ?? (isWrite ? draftFacts : {});
  return evaluate(
    policy,
    { tool: given.tool, input },
    { facts, untrusted: given.untrusted ?? false, grants: given.grants ?? [] },
  );
}

/** One describe block per table; each row is a test named by its requirement id. */
export function runTable(title: string, rows: Row[]): void {
  describe(title, () => {
    it.each(rows)('$name', ({ given, want }) => {
      const result = decide(given);
      expect([result.decision, result.mode, result.rule]).toEqual(want);
      // Only allow comes without a reason; ask and deny always explain themselves.
      expect('reason' in result).toBe(want[0] !== 'allow');
    });
  });
}
