import type { AuditLog } from '../audit';
import type { CmsAdapter } from '../cms/adapter';
import { testConnection, type ConnectionTestResult } from '../agent/claude';
import { readApiKey } from '../settings/api-key';
import { readConnectionSettings } from '../settings/connection-store';
import { readRetention } from '../settings/retention-store';
import { checkPolicySave } from '../settings/policy-save';
import { readAdminPolicy, readEffectivePolicy, writeAdminPolicy } from '../settings/policy-store';
import { tryRule } from '../settings/policy-try';
import { readPolicyView } from '../settings/policy-view';
import { CountersignError } from '../shared/errors';
import { t } from '../i18n';
import { personWireError } from '../run';
import { logger } from '../shared/log';
import {
  OPTIONS_REQUEST_PREFIX,
  OptionsRequestSchema,
  type FieldProblem,
  type OptionsReply,
  type OptionsRequest,
  type RefusedRow,
} from '../shared/protocols/options-protocol';
import type { AnyTool } from '../tools/tool';
import { saveWithRecord } from './audit-policy-change';
import { runRetentionPurge } from './audit-retention';
import { auditLog, mirrorService } from './audit-service';
import type { MirrorService } from './mirror/service';
import { mirrorStatus } from './mirror/status';
import { siteChain, siteExport, siteRecords, siteWho } from './mirror/site-audit';
import { MirrorStateStore } from './mirror/site-state';
import { getSitePolicy, saveSitePolicy } from './options-site-policy';
import { siteToolsView, toolsToTry, type SiteToolsOf } from './options-site-tools';
import type { SitePolicyService } from './site-policy';
import { toolLabel } from '../tools/tool-words';

const log = logger('options');

/** What the options handlers use; injectable so tests run them on fakes and fresh stores. */
export interface OptionsServices {
  audit(): AuditLog;
  tools(): readonly AnyTool[];
  /** How people name a site by its REST root (the CMS adapter's `siteOfRoot`). */
  siteOfRoot(siteRoot: string): string;
  now(): number;
  extensionOrigin(): string;
  testConnection(connection: { apiKey: string; apiBaseUrl: string }): Promise<ConnectionTestResult>;
  /** A5: the running mirror (absent in tests that do not need one). */
  mirror?(): MirrorService | undefined;
  /** G11: the site policies (absent in tests that do not need them). */
  sitePolicies?(): SitePolicyService | undefined;
  /** The tools a site adds (its abilities), read as the person; absent: sites add none. */
  siteTools?: SiteToolsOf;
  /** How the names of the tools a site adds start (rules for them are kept). */
  siteToolPrefixes?: readonly string[];
}

/** The background's own services: the shared audit log and the CMS adapter's tools. */
export function defaultOptionsServices(
  adapter: Pick<CmsAdapter, 'siteOfRoot'>,
  tools: () => readonly AnyTool[],
  sitePolicies?: SitePolicyService,
  site: Pick<OptionsServices, 'siteTools' | 'siteToolPrefixes'> = {},
): OptionsServices {
  return {
    ...site,
    sitePolicies: () => sitePolicies,
    audit: auditLog,
    tools,
    siteOfRoot: (root) => adapter.siteOfRoot(root),
    now: Date.now,
    extensionOrigin: () => chrome.runtime.getURL('').replace(/\/$/, ''),
    testConnection: (connection) => testConnection(connection),
    mirror: mirrorService,
  };
}

/** Whether a message is meant for the options handlers (its type starts with `options-`). */
export function isOptionsRequest(raw: unknown): boolean {
  const type = (raw as { type?: unknown } | null)?.type;
  return typeof type === 'string' && type.startsWith(OPTIONS_REQUEST_PREFIX);
}

/**
 * The options page's requests (S6: the caller has checked that the sender is an extension
 * page). Validated here; errors cross as `{ code, message, problems? }`, never as objects.
 */
export function createOptionsHandler(services: OptionsServices) {
  return async (raw: unknown): Promise<OptionsReply<unknown>> => {
    const request = OptionsRequestSchema.safeParse(raw);
    if (!request.success) {
      return { ok: false, error: { code: 'bad-request', message: t('worker.error.badRequest') } };
    }
    try {
      return await dispatch(services, request.data);
    } catch (error) {
      if (!(error instanceof CountersignError)) log.error(`${request.data.type} failed`, error);
      return { ok: false, error: personWireError(error) };
    }
  };
}

async function dispatch(s: OptionsServices, r: OptionsRequest): Promise<OptionsReply<unknown>> {
  switch (r.type) {
    case 'options-connection-test':
      return ok(await connectionTest(s));
    case 'options-policy-get':
      return ok(await readPolicyView(s.tools(), s.siteToolPrefixes));
    case 'options-policy-save':
      return savePolicy(s, r.policy, r.confirmation);
    case 'options-rule-try':
      return tryRuleRequest(s, r.tool, r.entry, r.sample, r.site);
    case 'options-site-tools':
      return ok(await siteToolsView(s.siteTools, { siteRoot: r.siteRoot, userId: r.userId }));
    case 'options-audit-query':
      return ok(await s.audit().query(r.filter, { limit: r.limit, cursor: r.cursor }));
    case 'options-audit-record': {
      const record = await s.audit().get(r.id);
      return record ? ok(record) : refuse('not-found', `No audit record has the id ${r.id}.`);
    }
    case 'options-refused-report':
      return ok(await refusedReport(s));
    case 'options-retention-purge': {
      const purge = await runRetentionPurge(s.audit(), 'manual', s.now());
      return ok({ removed: purge?.removed ?? 0, at: purge?.at ?? s.now() });
    }
    case 'options-mirror-status':
      return ok(
        await mirrorStatus(
          s.audit().db,
          s.mirror?.()?.states ?? new MirrorStateStore(),
          (await readRetention()).days,
          s.siteOfRoot,
        ),
      );
    case 'options-site-who': {
      const mirror = s.mirror?.();
      if (!mirror)
        return refuse('no-mirror', 'The audit mirror is not running; reload the extension.');
      return ok(await siteWho(mirror, { siteRoot: r.siteRoot, userId: r.userId }));
    }
    case 'options-site-records':
    case 'options-site-chain':
    case 'options-site-export': {
      const mirror = s.mirror?.();
      if (!mirror)
        return refuse('no-mirror', 'The audit mirror is not running; reload the extension.');
      const target = { siteRoot: r.siteRoot, userId: r.userId };
      if (r.type === 'options-site-chain') return ok(await siteChain(mirror, target));
      return r.type === 'options-site-records'
        ? ok(await siteRecords(mirror, target, r.filter, r.cursor))
        : ok(await siteExport(mirror, target, r.filter, r.format));
    }
    case 'options-site-policy-get':
    case 'options-site-policy-save': {
      const service = s.sitePolicies?.();
      if (!service)
        return refuse('no-mirror', "The site's rules cannot be read here; reload the extension.");
      const target = { siteRoot: r.siteRoot, userId: r.userId };
      return r.type === 'options-site-policy-get'
        ? getSitePolicy(service, target)
        : saveSitePolicy(service, target, r.replaces, r.policy, s.siteToolPrefixes);
    }
    case 'options-mirror-sync': {
      const mirror = s.mirror?.();
      if (!mirror)
        return refuse('no-mirror', 'The audit mirror is not running; reload the extension.');
      await mirror.syncNow({ siteRoot: r.siteRoot, userId: r.userId });
      const days = (await readRetention()).days;
      return ok(await mirrorStatus(s.audit().db, mirror.states, days, s.siteOfRoot));
    }
  }
}

async function connectionTest(s: OptionsServices) {
  const apiKey = await readApiKey();
  if (apiKey === null) {
    return { status: 'no-key', message: t('worker.options.noKey') };
  }
  const { apiBaseUrl } = await readConnectionSettings();
  const result = await s.testConnection({ apiKey, apiBaseUrl });
  return { status: result.status, message: result.message };
}

async function savePolicy(s: OptionsServices, raw: unknown, confirmation?: string) {
  const tools = s.tools().map((tool) => tool.name);
  const sitePrefixes = s.siteToolPrefixes;
  const before = await readAdminPolicy({ tools, sitePrefixes });
  const checked = checkPolicySave(raw, {
    tools,
    sitePrefixes,
    before: before.policy,
    confirmation,
  });
  if (!checked.ok) return refuseProblems(checked.problems);
  if (checked.save.changes.length > 0) {
    const now = s.now();
    await saveWithRecord(
      s.audit(),
      checked.save,
      () => writeAdminPolicy(checked.save.policy, now),
      {
        now,
        extensionOrigin: s.extensionOrigin(),
      },
    );
  }
  return ok(await readPolicyView(s.tools(), sitePrefixes));
}

async function tryRuleRequest(
  s: OptionsServices,
  name: string,
  entry: unknown,
  sample: unknown,
  site?: { siteRoot: string; userId: string },
) {
  const tools = await toolsToTry(s.tools(), s.siteTools, site);
  const tool = tools.find((candidate) => candidate.name === name);
  if (!tool) return refuse('not-found', `"${name}" is not a known tool.`);
  const { policy } = await readEffectivePolicy({ tools: tools.map((t) => t.name) });
  const tried = tryRule(tool, entry, sample, policy);
  return tried.ok ? ok(tried.view) : refuseProblems(tried.problems);
}

async function refusedReport(s: OptionsServices): Promise<RefusedRow[]> {
  const tools = new Map(s.tools().map((tool) => [tool.name, tool]));
  const rows = await s.audit().refusedReport((name) => Boolean(tools.get(name)?.accessHint));
  return rows.map((row) => {
    const tool = tools.get(row.tool);
    const view: RefusedRow = { ...row, label: tool ? toolLabel(tool) : row.tool };
    if (tool?.accessHint) view.accessHint = tool.accessHint;
    return view;
  });
}

function ok<T>(value: T): OptionsReply<T> {
  return { ok: true, value };
}

function refuse(code: string, message: string): OptionsReply<never> {
  return { ok: false, error: { code, message } };
}

function refuseProblems(problems: FieldProblem[]): OptionsReply<never> {
  const message = problems.map((problem) => problem.message).join(' ');
  return { ok: false, error: { code: 'bad-input', message, problems } };
}
