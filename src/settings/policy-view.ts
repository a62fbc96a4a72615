import type { PolicyView } from '../shared/protocols/options-protocol';
import type { AnyTool } from '../tools/tool';
import { toolSummary } from './policy-catalog';
import { WILDCARD_ALLOW_PHRASE } from './policy-opt-in';
import { FAIL_CLOSED, readAdminPolicy, readManagedPolicy } from './policy-store';

/**
 * What the rules editor shows: every tool of the registry, the admin's entries, the
 * managed entries that lock them (G11), and every problem found reading either.
 */
export async function readPolicyView(
  tools: readonly AnyTool[],
  sitePrefixes: readonly string[] = [],
): Promise<PolicyView> {
  const names = tools.map((tool) => tool.name);
  const managed = await readManagedPolicy(names, sitePrefixes);
  const admin = await readAdminPolicy({ tools: names, sitePrefixes });
  const problems = [...managed.problems];
  if (managed.status === 'invalid') problems.push(FAIL_CLOSED);
  for (const problem of admin.problems) problems.push(`${problem.message} The entry is ignored.`);
  return {
    tools: tools.map(toolSummary),
    admin: admin.policy,
    managed: { status: managed.status, entries: managed.policy },
    problems,
    updatedAt: admin.updatedAt,
    wildcardPhrase: WILDCARD_ALLOW_PHRASE,
    siteToolPrefixes: [...sitePrefixes],
  };
}
