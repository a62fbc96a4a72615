import type { AuditLog } from '../../audit';
import type { CmsAdapter } from '../../cms/adapter';
import type { EffectivePolicy } from '../../gate';
import {
  HELD_BY_CALLER,
  RunLoop,
  type RunDeps,
  type RunEventSink,
  type RunOptions,
  type RunStateStore,
} from '../../run';
import type { ModelPort } from '../../run/model-port';
import type { ToolRegistry } from '../../tools/registry';
import { buildSystemPrompt } from '../../agent/system-prompt';
import { supportsThinking } from '../../agent/models';
import { createAgent, type Agent } from '../../agent/contract';
import { readApiKey, readConnectionSettings } from '../../settings';
import type { SiteSession, Sessions } from '../sessions';
import { screenOf } from '../screen-phrase';
import type { SiteTools } from '../site-tools';
import { classedTools } from '../../tools/site-class';
import type { ModelClients } from './model-clients';

/** What every thread's run shares: stores, the CMS, the policy source. */
export interface RunWiring {
  audit: AuditLog;
  runStore: RunStateStore;
  registry: ToolRegistry;
  /** A site's tools: the adapter's plus the site's own (its abilities), per session. */
  siteTools: SiteTools;
  adapter: CmsAdapter;
  sessions: Sessions;
  /** G11: the policy for a call on this site (managed > site > admin > defaults). */
  policy(site: SiteSession): Promise<EffectivePolicy>;
  runOptions(): Promise<RunOptions>;
  /** The worker's model clients, one per connection (model-clients.ts). */
  models: ModelClients;
  emit: RunEventSink;
}

/**
 * Whether a model is configured (an API key, or the choice of the site's AI connection),
 * else the panel's commands (R3).
 */
export async function agentMode(): Promise<'agent' | 'commands'> {
  return (await hasModel()) ? 'agent' : 'commands';
}

async function hasModel(): Promise<boolean> {
  if ((await readConnectionSettings()).modelSource === 'site') return true;
  return (await readApiKey()) !== null;
}

/**
 * Builds a RunLoop for one operation on a thread: the model from the current settings
 * (Claude with a key, the command translator without), the thread's model when it picked
 * one (R4; else the default model), the system prompt from the page the person is on,
 * and the admin's current policy.
 * The loop takes no lock of its own: call it only inside `ThreadService`'s per-thread lock.
 */
export async function agentFor(
  wiring: RunWiring,
  site: SiteSession,
  threadModel?: string,
): Promise<{ agent: Agent; loop: RunLoop }> {
  const agent = await hasModel();
  const loop = await runLoopFor(wiring, site, threadModel);
  return {
    loop,
    agent: createAgent(loop, {
      mode: agent ? 'agent' : 'commands',
      model: agent ? loop.deps.request.model : null,
    }),
  };
}

async function runLoopFor(
  wiring: RunWiring,
  site: SiteSession,
  threadModel: string | undefined,
): Promise<RunLoop> {
  const key = await readApiKey();
  const settings = await readConnectionSettings();
  const modelId = threadModel ?? settings.defaultModel;
  // Issue 34: the site's AI connection (its key stays on the site) when the person chose it.
  const { models } = wiring;
  if (key === null) models.dropOwn();
  const model: ModelPort =
    settings.modelSource === 'site'
      ? models.viaSite(wiring.adapter, site)
      : key
        ? models.withKey(key, settings.apiBaseUrl)
        : models.commands(wiring.adapter);
  const policy = await wiring.policy(site);
  const deps: RunDeps = {
    model,
    request: {
      model: modelId,
      system: systemPrompt(site, wiring.adapter.label),
      thinking: supportsThinking(modelId),
      maxTokens: 8192,
    },
    // Issue 34: the site's rules may classify (or tighten) one of its abilities.
    registry: classedTools(await wiring.siteTools.registryFor(site), policy.classes),
    policy,
    toolContext: (thread) => wiring.sessions.toolContext(thread, site.tabId),
    audit: wiring.audit,
    store: wiring.runStore,
    emit: wiring.emit,
    clock: () => Date.now(),
    newId: () => crypto.randomUUID(),
    options: await wiring.runOptions(),
  };
  // The thread service holds the thread's lock for the whole operation (one per worker).
  return new RunLoop(deps, HELD_BY_CALLER);
}

function systemPrompt(site: SiteSession, cms: string): string {
  const { context, user } = site;
  return buildSystemPrompt({
    cms,
    site: { url: context.siteUrl },
    screen: screenOf(context),
    entity: context.entity ? { type: context.entity.type, id: context.entity.id } : undefined,
    person: { name: user.name, roles: user.roles, language: user.language, formal: user.formal },
  });
}
