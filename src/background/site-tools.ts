import type { CmsAdapter } from '../cms/adapter';
import { toolLabel } from '../tools/tool-words';
import { logger } from '../shared/log';
import { createRegistry, type ToolRegistry } from '../tools/registry';
import { lookupTool } from '../tools/lookup-tool';
import { LOOKUP_TOOL, OFFER_ALL_UP_TO } from '../tools/tool-offer';
import type { AnyTool } from '../tools/tool';

const log = logger('site-tools');

/**
 * The tools a thread's site offers: the adapter's own, the same for every site, plus what
 * that site adds (WordPress 6.9+: its abilities), read once per CMS session and kept with
 * it. A site that adds nothing, or whose extra tools cannot be read, has the adapter's. A
 * site that adds more than `OFFER_ALL_UP_TO` also has the look-up tool, and each model turn is
 * offered only the ones the thread made relevant (`tools/tool-offer.ts`).
 */
export class SiteTools {
  readonly #bySession = new WeakMap<object, Promise<ToolRegistry>>();
  /** The last label seen for each site tool name, for the panel's sentences. */
  readonly #labels = new Map<string, string>();

  constructor(
    /** The adapter's tools, registered once per worker. */
    readonly base: ToolRegistry,
    private readonly adapter: Pick<CmsAdapter, 'tools' | 'siteTools'>,
  ) {}

  /** The registry for a site's session: the adapter's tools and the site's own. */
  registryFor(site: { session: unknown }): Promise<ToolRegistry> {
    const session = site.session;
    if (!this.adapter.siteTools || typeof session !== 'object' || session === null) {
      return Promise.resolve(this.base);
    }
    let registry = this.#bySession.get(session);
    if (!registry) {
      registry = this.build(session);
      this.#bySession.set(session, registry);
    }
    return registry;
  }

  /** A tool's label as the panel says it: the adapter's, or the last site's that had it. */
  label(tool: string): string {
    const known = this.base.get(tool);
    if (known) return toolLabel(known);
    if (tool === LOOKUP_TOOL) return toolLabel(lookupTool([]));
    return this.#labels.get(tool) ?? tool;
  }

  private async build(session: object): Promise<ToolRegistry> {
    let extra;
    try {
      extra = (await this.adapter.siteTools?.(session)) ?? [];
    } catch (error) {
      // Read again at the next operation (the session may be back by then).
      this.#bySession.delete(session);
      log.warn("the site's own tools could not be read; offering the adapter's", error);
      return this.base;
    }
    if (extra.length === 0) return this.base;
    const registry = createRegistry(this.adapter.tools());
    const registered: AnyTool[] = [];
    for (const tool of extra) {
      try {
        registry.register(tool);
        registered.push(tool);
        this.#labels.set(tool.name, tool.label);
      } catch (error) {
        // A tool that cannot be described honestly is left out, never offered (T1).
        log.warn(`the site's tool ${JSON.stringify(String(tool.name))} left out`, error);
      }
    }
    if (registered.length > OFFER_ALL_UP_TO) registry.register(lookupTool(registered));
    return registry;
  }
}
