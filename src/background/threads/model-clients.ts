import { ClaudeModel } from '../../agent/claude';
import type { ClaudeConnection } from '../../agent/claude/client';
import { CommandModel } from '../../agent/none/command-model';
import type { CmsAdapter } from '../../cms/adapter';
import type { ModelPort } from '../../run/model-port';
import type { SiteSession } from '../sessions';
import { siteModelConnection } from '../site-model';

/** How many sites' AI connections stay open at once (a person works on a few sites). */
const SITES_KEPT = 8;

/**
 * The model clients of one worker (issue 35 item 3): a client per connection, made once and
 * used by every operation that connects the same way, instead of one per operation. A client
 * holds nothing of a turn (each call brings its request), so sharing one changes no answer;
 * the site's AI connection keeps its request token between operations instead of fetching
 * a new one each time. The person's own key: only the latest client is kept, so a key
 * replaced or removed in the settings leaves no client (nor key) behind it.
 */
export class ModelClients {
  #own: { key: string; base: string; model: ClaudeModel } | undefined;
  readonly #sites = new Map<string, ClaudeModel>();
  #commands: { adapter: CmsAdapter; model: CommandModel } | undefined;

  /** `make` and `fetchImpl` (the site connection's transport) are for tests. */
  constructor(
    private readonly make: (connection: ClaudeConnection) => ClaudeModel = defaultMake,
    private readonly fetchImpl?: typeof fetch,
  ) {}

  /** Claude with the person's key, at the base URL of the settings. */
  withKey(apiKey: string, apiBaseUrl: string): ModelPort {
    const own = this.#own;
    if (own && own.key === apiKey && own.base === apiBaseUrl) return own.model;
    const model = this.make({ apiKey, apiBaseUrl });
    this.#own = { key: apiKey, base: apiBaseUrl, model };
    return model;
  }

  /** Claude through the AI connection of the site the thread works on, as this person. */
  viaSite(adapter: Pick<CmsAdapter, 'label' | 'companion'>, site: SiteSession): ModelPort {
    const { context } = site;
    const id = JSON.stringify([context.origin, context.restRoot, context.tokenUrl, context.userId]);
    const kept = this.#sites.get(id);
    if (kept) {
      this.#sites.delete(id); // to the end: the least recently used goes first
      this.#sites.set(id, kept);
      return kept;
    }
    const model = this.make(siteModelConnection(adapter, site, this.fetchImpl));
    this.#sites.set(id, model);
    if (this.#sites.size > SITES_KEPT) this.#sites.delete(this.#sites.keys().next().value!);
    return model;
  }

  /** No model: the panel's commands through the adapter's tools (R3). */
  commands(adapter: CmsAdapter): ModelPort {
    if (this.#commands?.adapter !== adapter) {
      this.#commands = { adapter, model: new CommandModel(adapter.commands, adapter.label) };
    }
    return this.#commands.model;
  }

  /** Forgets the person's key's client (the key was removed or replaced). */
  dropOwn(): void {
    this.#own = undefined;
  }
}

function defaultMake(connection: ClaudeConnection): ClaudeModel {
  return new ClaudeModel(connection);
}
