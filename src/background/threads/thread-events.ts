import { classedTools } from '../../tools/site-class';
import type { RunEvent } from '../../run';
import { logger } from '../../shared/log';
import { buildApprovalCard } from './card-builder';
import { announceCard } from '../approvers/requester';
import type { PanelHub } from './panel-hub';
import { followPublish, followUndo, resultCardFor } from './result-cards';
import type { RunWiring } from './run-deps';
import { addLinks } from '../search-links';
import { siteLabel } from '../sessions';
import type { ThreadViews } from './thread-views';
import { applyEvent } from './view-events';
import { placeApprovalCard, placeResultCard } from './view-projection';

const log = logger('threads');

/**
 * The run's events as the thread views follow them: each event is projected onto its
 * thread's view (view-events.ts, view-projection.ts), with the cards it needs built from
 * the CMS, then the view is committed. Events are applied one after another, in order.
 */
export class ThreadEvents {
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly wiring: Omit<RunWiring, 'emit'>,
    private readonly views: ThreadViews,
    private readonly hub: PanelHub,
    /** The tab whose panel last acted on each thread: its session builds the cards. */
    private readonly tabs: ReadonlyMap<string, number>,
  ) {}

  /** The run's `emit`: queues the event behind the ones before it. */
  readonly emit = (event: RunEvent): void => {
    this.queue = this.queue
      .then(() => this.apply(event))
      .catch((e) => log.error('event failed', e));
  };

  /** Resolves once every event emitted so far is applied. */
  settled(): Promise<unknown> {
    return this.queue;
  }

  /** Applies one event to its thread's view and commits it (text deltas are pushed alone). */
  async apply(event: RunEvent): Promise<void> {
    const { view, owner } = await this.views.entry(event.threadId);
    const itemId = applyEvent(view, event, this.label);
    if (event.type === 'text' && itemId) {
      this.hub.broadcast(event.threadId, {
        type: 'text-delta',
        threadId: event.threadId,
        itemId,
        text: event.text,
      });
      return;
    }
    // Thinking is shown with what follows; the run's saved state is committed with the
    // event or the operation's end after it.
    if (event.type === 'thinking' || event.type === 'state') return;
    const site = await this.wiring.sessions
      .forOwner(owner, this.tabs.get(event.threadId))
      .catch(() => undefined);
    const ctx = site && { user: site.user, threadId: event.threadId, cms: site.session };
    if (event.type === 'approval' && ctx) {
      const { adapter } = this.wiring;
      // The card shows the class the run loop gated with: the site's rules may set it.
      const classes = (await this.wiring.policy(site)).classes;
      const registry = classedTools(await this.wiring.siteTools.registryFor(site), classes);
      const card = await buildApprovalCard(event.approval, ctx, adapter, registry);
      card.site = siteLabel(site.context.siteUrl);
      placeApprovalCard(view, card);
      const watched = this.hub.watches(event.threadId);
      const required = event.approval.secondApprover; // G15: the run state's, not the view's
      await announceCard(card, event.threadId, owner, registry, watched, site.tabId, required);
    }
    if (event.type === 'tool_result' && event.status === 'run' && ctx) {
      const card = await resultCardFor(event, ctx, this.wiring);
      if (card) placeResultCard(view, event.recordId, card);
    }
    if (event.type === 'tool_result' && view.mode === 'commands') addLinks(view, event);
    await followUndo(view, event, this.wiring);
    await followPublish(view, event, this.wiring);
    await this.views.commit(event.threadId);
  }

  /** The tool's name as the panel says it. */
  readonly label = (tool: string): string => this.wiring.siteTools.label(tool);
}
