import { z } from 'zod';
import {
  isKnownTool,
  SiteClassSchema,
  WILDCARD,
  type FailedClosedMode,
  type SiteClass,
  type SiteLayer,
} from '../gate';
import { SecondApproverPolicySchema } from '../gate/approver-policy';
import { readEntries } from './policy-entries';

/**
 * G11: the site's policy as `GET <restRoot>countersign/v1/policy` answers it
 * (docs/server-api.md). `policy` is validated entry by entry below, so one bad entry fails
 * closed on its own instead of taking the whole answer with it.
 */
export const SitePolicyAnswerSchema = z.object({
  version: z.number().int().nonnegative(),
  policy: z.unknown(),
  /** G15: the second-approver rules; validated below, and unknown (fail closed) when bad. */
  approvals: z.unknown().optional(),
  updatedAt: z.number().nullable(),
  updatedBy: z.object({ userId: z.string(), displayName: z.string() }).nullable(),
  canEdit: z.boolean(),
});
export type SitePolicyAnswer = z.infer<typeof SitePolicyAnswerSchema>;

/**
 * The site's policy as the extension uses it. `none`: the site has no Countersign plugin
 * (today's behaviour: managed > admin > defaults). `ok`: every entry validated. `invalid`:
 * some entries (or the whole document) did not, and fail closed in `layer.failed`.
 */
export interface SitePolicyReading {
  status: 'none' | 'ok' | 'invalid';
  layer: SiteLayer;
  /** The version read (a write names it), or null when none could be read. */
  version: number | null;
  canEdit: boolean;
  updatedAt: number | null;
  updatedBy: { userId: string; displayName: string } | null;
  /** What is wrong, in words for a person (shown in the options page). */
  problems: string[];
  /** When it was read (epoch ms). */
  readAt: number;
}

/** The site has no Countersign plugin: no site layer. */
export function noSitePolicy(now: number): SitePolicyReading {
  return {
    status: 'none',
    layer: { policy: {} },
    version: null,
    canEdit: false,
    updatedAt: null,
    updatedBy: null,
    problems: [],
    readAt: now,
  };
}

/** Said whenever a site policy (or part of it) cannot be used. */
export const SITE_FAIL_CLOSED =
  'Until an admin fixes it, the calls those rules would have decided ask for approval (or are refused, where the rule refused them).';

/**
 * The site's policy could not be read at all (refused, unreachable, not the plugin's
 * answer): every tool without a managed entry fails closed and asks.
 */
export function unreadableSitePolicy(why: string, now: number): SitePolicyReading {
  return {
    status: 'invalid',
    layer: { policy: {}, failed: { [WILDCARD]: 'ask' }, approvalsUnknown: true },
    version: null,
    canEdit: false,
    updatedAt: null,
    updatedBy: null,
    problems: [
      `This site's rules for Countersign could not be read: ${why} Every call asks for approval until they can be read, and a call the site may send to a second approver waits.`,
    ],
    readAt: now,
  };
}

/** The mode a bad entry fails closed to: it refuses when it plainly said deny, else asks. */
function failedMode(entry: unknown): FailedClosedMode {
  return (entry as { mode?: unknown } | null)?.mode === 'deny' ? 'deny' : 'ask';
}

/**
 * G11: reads the plugin's answer. Entries that validate are the site's rules; each one
 * that does not fails closed for its own key; a document that is not an object of entries
 * (or a key that cannot be a tool name, whose tool nobody can tell) fails closed for every
 * tool. Entries for tools this version does not have are kept and reported (they never
 * match). Pass the registry's tool names.
 */
export function parseSitePolicy(
  raw: unknown,
  tools: readonly string[],
  now: number,
  sitePrefixes: readonly string[] = [],
): SitePolicyReading {
  const answer = SitePolicyAnswerSchema.safeParse(raw);
  if (!answer.success) {
    return unreadableSitePolicy("the site's answer is not what the Countersign plugin sends.", now);
  }
  const { version, canEdit, updatedAt, updatedBy } = answer.data;
  const doc = answer.data.policy;
  const base = { version, canEdit, updatedAt, updatedBy, readAt: now };
  const second = readApprovals(answer.data.approvals);
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) {
    return {
      ...base,
      status: 'invalid',
      layer: { policy: {}, failed: { [WILDCARD]: 'ask' }, ...second.layer },
      problems: [
        `This site's rules for Countersign do not parse (they are not a list of rules by tool). ${SITE_FAIL_CLOSED}`,
        ...second.problems,
      ],
    };
  }
  const taken = splitSiteClasses(doc as Record<string, unknown>, sitePrefixes);
  const read = readEntries(taken.entries, { source: 'site' });
  const failed: Record<string, FailedClosedMode> = {};
  const problems: string[] = [];
  for (const { key, message } of taken.problems) {
    failed[key] = failed[key] === 'deny' ? 'deny' : failedMode(doc[key as keyof typeof doc]);
    problems.push(`${message} ${SITE_FAIL_CLOSED}`);
  }
  for (const problem of read.problems) {
    const key = problem.entry;
    const keyUsable = key !== null && /^(?:\*|[a-z][a-z0-9]*(?:_[a-z0-9-]+)+)$/.test(key);
    const at = keyUsable ? key : WILDCARD;
    failed[at] =
      failed[at] === 'deny' ? 'deny' : failedMode(keyUsable ? doc[key as keyof typeof doc] : null);
    problems.push(`${problem.message} ${SITE_FAIL_CLOSED}`);
  }
  const known = new Set(tools);
  for (const key of Object.keys(read.policy)) {
    if (!isKnownTool(key, known, sitePrefixes)) {
      problems.push(
        `This site's policy: "${key}" is not a tool of this version; the entry has no effect.`,
      );
    }
  }
  const wildcard = read.policy[WILDCARD];
  if (wildcard && (wildcard.mode === 'allow' || wildcard.mode === 'once')) {
    problems.push(SITE_WILDCARD_RELAXES(wildcard.mode));
  }
  problems.push(...second.problems);
  const hasFailed = Object.keys(failed).length > 0 || second.problems.length > 0;
  return {
    ...base,
    status: hasFailed ? 'invalid' : 'ok',
    layer: {
      policy: read.policy,
      ...(Object.keys(failed).length > 0 ? { failed } : {}),
      ...(Object.keys(taken.classes).length > 0 ? { classes: taken.classes } : {}),
      ...second.layer,
    },
    problems,
  };
}

/**
 * Issue 34: takes each entry's `class` out before the entry is read as a rule (an entry may
 * hold only a class). A class is for one of the site's own tools (a name starting like a site
 * tool's: an ability) and one of read, write, destructive; any other fails closed for its
 * key, since ignoring it could leave a call less strict than the site meant.
 */
export function splitSiteClasses(
  doc: Record<string, unknown>,
  sitePrefixes: readonly string[],
): {
  entries: Record<string, unknown>;
  classes: Record<string, SiteClass>;
  problems: { key: string; message: string }[];
} {
  const entries: Record<string, unknown> = {};
  const classes: Record<string, SiteClass> = {};
  const problems: { key: string; message: string }[] = [];
  for (const [key, entry] of Object.entries(doc)) {
    if (typeof entry !== 'object' || entry === null || !Object.hasOwn(entry, 'class')) {
      entries[key] = entry;
      continue;
    }
    const { class: cls, ...rest } = entry as Record<string, unknown>;
    if (Object.keys(rest).length > 0) entries[key] = rest;
    const parsed = SiteClassSchema.safeParse(cls);
    if (!sitePrefixes.some((prefix) => key.startsWith(prefix))) {
      problems.push({
        key,
        message: `This site's policy gives "${key}" a class, but a class is only for the site's own tools (its abilities).`,
      });
    } else if (!parsed.success) {
      problems.push({
        key,
        message: `This site's policy gives "${key}" the class ${JSON.stringify(cls)}; a class is one of read, write, destructive.`,
      });
    } else {
      classes[key] = parsed.data;
    }
  }
  return { entries, classes, problems };
}

/**
 * G2, G11: said on the options page when the site's rule for every tool would approve: a
 * site may relax single tools only, so that rule is not applied here.
 */
export const SITE_WILDCARD_RELAXES = (mode: 'allow' | 'once') =>
  `This site's policy sets every tool ("*") to ${mode}. A site may tighten every tool but relax single tools only, and can never let destructive, unclassified or live calls run without asking, so that rule is not applied here; the other rules decide.`;

/** G15: the site's `approvals`, or the layer flag that makes covered calls wait when bad. */
function readApprovals(raw: unknown): { layer: Partial<SiteLayer>; problems: string[] } {
  if (raw === undefined || raw === null) return { layer: {}, problems: [] };
  const parsed = SecondApproverPolicySchema.safeParse(raw);
  if (parsed.success) return { layer: { approvals: parsed.data }, problems: [] };
  return {
    layer: { approvalsUnknown: true },
    problems: [
      "This site's second-approver rules do not parse, so nobody can tell which calls need another person: every call with a side effect waits until an admin fixes them.",
    ],
  };
}
