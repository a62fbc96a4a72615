import { sameOwner, type RecordOwner } from '../audit';
import {
  ThreadRefusedError,
  DecisionError,
  ThreadLocks,
  type RunEvent,
  type RunLoop,
} from '../run';
import type { ThreadPush, ThreadRequest, ThreadView } from '../shared/thread-protocol';
import { CountersignError } from '../shared/errors';
import { logger } from '../shared/log';
import { ownerOf, siteLabel, type SiteSession } from './sessions';
import { agentFor, agentMode, type RunWiring } from './run-deps';
import type { Agent } from '../agent/contract';
import { applyEvent } from './view-events';
import { announceCard, buildApprovalCard } from './card-builder';
import { followUndo, publishFromCard, resultCardFor, undoOp } from './result-cards';
import type { ThreadViewStore } from './thread-view-store';
import { takeThreadFocus } from './notify';
import { firstModel, pickedModel } from './thread-model';
import { holdForEditor } from './editor-hold';
import { applyDecision } from './decision-request';
import { addLinks } from './search-links';
import { ViewCache } from './view-cache';
import { forgetStart, markStart } from './answer-catch-up';
import { syncFromRun } from './view-sync';

const log = logger('threads');

type Send = (push: ThreadPush) => void;
type Operation = (loop: RunLoop, owner: RecordOwner, agent: Agent) => Promise<unknown>;
type Listener = { threadId?: string; tabId?: number; send: Send }; // tabId: from thread-open

/**
 * Threads as the panel sees them: messages and decisions run through the run loop; its events
 * become the view, saved at every change, so a reopened panel or new worker shows the same (C6).
 */
export class ThreadService {
  readonly views: ViewCache; // G15: the approvers' pickup reads a thread's view too
  private readonly listeners = new Set<Listener>();
  private readonly tabs = new Map<string, number>(); // the tab whose panel last acted on it
  private queue: Promise<unknown> = Promise.resolve();
  /** One runner per thread for the whole worker: every operation runs under its lock. */
  private readonly locks = new ThreadLocks();

  constructor(
    private readonly wiring: Omit<RunWiring, 'emit'>,
    private readonly store: ThreadViewStore,
  ) {
    this.views = new ViewCache(store);
  }

  /** After a worker restart, every thread a dead worker left unfinished goes on (S5). */
  async resumeInterrupted(): Promise<void> {
    for (const { threadId } of await this.store.all()) await this.recover(threadId);
  }

  /**
   * S5, G12: finishes, under the thread's lock, what a dead worker left; run at the restart
   * and again when a panel opens the thread, so a resume that could not run at the restart
   * (no session yet, the worker stopped again) is never lost behind a card that asks.
   */
  private recover(threadId: string): Promise<void> {
    return this.locks
      .run(threadId, async () => {
        const entry = await this.views.entry(threadId).catch(() => undefined);
        if (!entry || (!entry.view.busy && !entry.view.pending)) return;
        const site = await this.wiring.sessions.forOwner(entry.owner, this.tabs.get(threadId));
        const { loop } = await agentFor(this.wiringWith(), site, entry.view.model);
        // Busy: saved before its operation began, which no worker ended (none runs while the
        // lock is held). A card the run no longer waits for: the run went on without the view.
        const waiting = (await loop.approval(threadId))?.recordId ?? null;
        const stale = entry.view.busy || entry.view.pending !== waiting;
        if (!stale && !(await loop.needsRecovery(threadId))) return;
        log.info(`resuming thread ${threadId} after a restart`);
        await this.operateLocked(threadId, (l) => l.resume(threadId));
      })
      .catch((error) => log.warn(`thread ${threadId} could not resume yet`, error));
  }

  /** A panel connected: its pushes go to `send` until it disconnects. */
  connect(send: Send): { handle(request: ThreadRequest): Promise<void>; close(): void } {
    const listener: Listener = { send };
    this.listeners.add(listener);
    return {
      handle: (request) =>
        this.handle(request, listener).catch((error) => {
          log.warn(`request ${request.type} failed`, error);
          send({ type: 'error', ...wire(error) });
        }),
      close: () => this.listeners.delete(listener),
    };
  }

  private async handle(request: ThreadRequest, listener: Listener): Promise<void> {
    if ('threadId' in request && request.type !== 'thread-open' && request.threadId) {
      await this.checkSite(request.threadId, listener);
    }
    switch (request.type) {
      case 'thread-list': // as it is now: titles given and threads opened since
        return listener.send({
          type: 'thread-list',
          threads: await this.store.listBeside(listener.threadId),
        });
      case 'thread-open': {
        const site = await this.wiring.sessions.forTab(request.tabId);
        listener.tabId = request.tabId;
        // A notification click names the thread to show (its card); else the latest.
        const focus =
          request.threadId || request.fresh ? undefined : await takeThreadFocus(request.tabId);
        const entry = focus
          ? await this.open(site, focus, false).catch(() => this.open(site, undefined, false))
          : await this.open(site, request.threadId, request.fresh === true);
        listener.threadId = entry.view.threadId;
        this.tabs.set(entry.view.threadId, request.tabId);
        listener.send({ type: 'thread-view', view: entry.view });
        void this.recover(entry.view.threadId);
        return this.handle({ type: 'thread-list' }, listener); // the list comes with it
      }
      case 'message-send':
        return this.send(request.threadId, request.text);
      case 'message-edit':
        return this.edit(request.threadId, request.itemId, request.text);
      case 'decision':
        return this.decide(request);
      case 'grant-revoke':
        return this.operate(request.threadId, (l, o) =>
          l.revokeGrant(request.threadId, request.tool, o),
        );
      case 'publish':
        return this.publish(request.threadId, request.recordId);
      case 'undo': // E4: a person's call through the run loop, gated like any other
        return this.operate(request.threadId, undoOp(request, this.wiring, this.views));
      case 'model-set':
        return this.setModel(request.threadId, request.model);
    }
  }

  /**
   * A thread belongs to one person on one site (its REST root: two sites may share an
   * origin): a panel acts on a thread only while its tab shows that site, signed in as them.
   */
  private async checkSite(threadId: string, listener: Listener) {
    if (listener.tabId === undefined) throw new CountersignError('not-owner', 'Open it first.');
    const site = await this.wiring.sessions.forTab(listener.tabId);
    const { owner } = await this.views.entry(threadId);
    if (!sameOwner(owner, ownerOf(site))) {
      throw new CountersignError('not-owner', 'This thread belongs to another site or person.');
    }
    this.tabs.set(threadId, listener.tabId);
  }

  private async open(site: SiteSession, threadId: string | undefined, fresh: boolean) {
    const owner = ownerOf(site);
    if (threadId) {
      const entry = await this.views.entry(threadId);
      if (!sameOwner(entry.owner, owner)) {
        throw new CountersignError('not-owner', 'This thread belongs to someone else.');
      }
      return entry;
    }
    // Reopened: the thread shown last (C6); "New" makes one, reusing an empty latest thread.
    const latest = (await this.store.list(owner))[0];
    if (latest) {
      const entry = await this.views.entry(latest.threadId).catch(() => undefined);
      if (entry && (!fresh || entry.view.items.length === 0)) return entry;
    }
    const { loop } = await agentFor(this.wiringWith(), site);
    const state = await loop.createThread({ owner });
    const mode = await agentMode();
    const view: ThreadView = {
      threadId: state.threadId,
      title: 'New thread',
      untrusted: false,
      mode,
      busy: false,
      pending: null,
      grants: [],
      items: [],
      ...(await firstModel(mode)),
    };
    const entry = { view, owner };
    this.views.set(view.threadId, entry);
    await this.store.save(view, owner, Date.now());
    return entry;
  }

  private async send(threadId: string, text: string) {
    const { view } = await this.views.entry(threadId);
    await this.operate(threadId, (_loop, owner, agent) => {
      // Under the lock: an operation that ran before this one may have left a call waiting.
      if (view.pending) {
        throw new CountersignError(
          'call-pending',
          'A call waits for your decision; approve or reject it first.',
        );
      }
      view.items.push({
        kind: 'user',
        id: `u${view.items.length}-${Date.now().toString(36)}`,
        text,
        at: Date.now(),
      });
      if (view.title === 'New thread') view.title = agent.title(text);
      return agent.reply(threadId, text, owner);
    });
  }

  /** R1 edit: the person's earlier message changes; everything after it is forgotten. */
  private async edit(threadId: string, itemId: string, text: string) {
    const { view } = await this.views.entry(threadId);
    const users = view.items.filter((i) => i.kind === 'user');
    const index = users.findIndex((i) => i.id === itemId);
    if (index < 0) throw new CountersignError('no-message', 'That message is not in this thread.');
    if (view.pending) {
      throw new CountersignError(
        'call-pending',
        'Decide the waiting call before editing an earlier message.',
      );
    }
    await this.operate(threadId, async (_loop, owner, agent) => {
      const before = view.items;
      const title = view.title;
      const at = before.findIndex((i) => i.id === itemId);
      // A title made from the first message follows that message's edit.
      const first = users[0];
      if (index === 0 && first?.kind === 'user' && title === agent.title(first.text)) {
        view.title = agent.title(text);
      }
      // The view forgets what followed the edited message; restored if the run refuses.
      forgetStart(view);
      view.items = [
        ...before.slice(0, at),
        { kind: 'user', id: `u${at}-${Date.now().toString(36)}`, text, at: Date.now() },
      ];
      try {
        await agent.edit(threadId, index, text, owner);
      } catch (error) {
        view.items = before;
        view.title = title;
        throw error;
      }
    });
  }

  private async decide(request: Extract<ThreadRequest, { type: 'decision' }>) {
    await this.operate(request.threadId, async (loop, owner, agent) => {
      const onEvent = (e: RunEvent) => this.onEvent(e);
      const shown = await loop.approval(request.threadId);
      await holdForEditor(request, shown, owner, this.wiring, onEvent);
      const view = (await this.views.entry(request.threadId)).view;
      await applyDecision(request, agent, this.wiring.sessions, view, onEvent);
    });
  }

  /** R4: the thread's model, chosen in the composer; every later request of it names it. */
  private async setModel(threadId: string, model: string) {
    (await this.views.entry(threadId)).view.model = pickedModel(model);
    await this.commit(threadId);
  }

  private publish(threadId: string, recordId: string) {
    return this.locks.run(threadId, async () => {
      const { view, owner } = await this.views.entry(threadId);
      const site = await this.wiring.sessions.forOwner(owner, this.tabs.get(threadId));
      await publishFromCard(view, recordId, site, threadId, this.wiring);
      await this.commit(threadId);
    });
  }

  /** Runs one operation under the thread's lock, the view busy; then syncs and saves it. */
  operate(threadId: string, op: Operation): Promise<void> {
    return this.locks.run(threadId, () => this.operateLocked(threadId, op));
  }

  private async operateLocked(threadId: string, op: Operation) {
    const entry = await this.views.entry(threadId);
    const site = await this.wiring.sessions.forOwner(entry.owner, this.tabs.get(threadId));
    const { loop, agent } = await agentFor(this.wiringWith(), site, entry.view.model);
    entry.view.busy = true;
    entry.view.mode = await agentMode();
    markStart(entry.view, await loop.state(threadId).catch(() => undefined));
    try {
      // S5: on disk before the run moves, so a restart finds the operation unfinished.
      await this.commit(threadId);
      await op(loop, entry.owner, agent);
    } catch (error) {
      if (!(
        error instanceof ThreadRefusedError ||
        error instanceof DecisionError ||
        error instanceof CountersignError
      ))
        throw error;
      entry.view.items.push({
        kind: 'notice',
        id: `n${Date.now().toString(36)}`,
        level: 'warning',
        message: error.message,
      });
    } finally {
      await this.queue;
      await syncFromRun(entry.view, loop, this.wiring.audit, (tool) => this.label(tool));
      entry.view.busy = false;
      await this.commit(threadId);
    }
  }

  private wiringWith(): RunWiring {
    return {
      ...this.wiring,
      emit: (event) =>
        void (this.queue = this.queue
          .then(() => this.onEvent(event))
          .catch((e) => log.error('event failed', e))),
    };
  }

  async onEvent(event: RunEvent): Promise<void> {
    const entry = await this.views.entry(event.threadId);
    const { view, owner } = entry;
    const itemId = applyEvent(view, event, (tool) => this.label(tool));
    if (event.type === 'text' && itemId) {
      this.broadcast(event.threadId, {
        type: 'text-delta',
        threadId: event.threadId,
        itemId,
        text: event.text,
      });
      return;
    }
    if (event.type === 'thinking') return;
    const site = await this.wiring.sessions
      .forOwner(owner, this.tabs.get(event.threadId))
      .catch(() => undefined);
    const ctx = site && { user: site.user, threadId: event.threadId, cms: site.session };
    if (event.type === 'approval' && ctx) {
      const card = await buildApprovalCard(
        event.approval,
        ctx,
        this.wiring.adapter,
        this.wiring.registry,
      );
      card.site = siteLabel(site.context.siteUrl);
      view.items = view.items.filter(
        (i) => !(i.kind === 'approval' && i.card.recordId === card.recordId && !i.decided),
      );
      const row = view.items.find((i) => i.kind === 'tool' && i.id === card.recordId);
      if (row?.kind === 'tool') row.status = 'pending';
      view.items.push({ kind: 'approval', id: `card:${card.recordId}:${view.items.length}`, card });
      view.pending = card.recordId;
      const watched = [...this.listeners].some((l) => l.threadId === event.threadId);
      await announceCard(card, event.threadId, owner, this.wiring.registry, watched, site.tabId);
    }
    if (event.type === 'tool_result' && event.status === 'run' && ctx) {
      const card = await resultCardFor(event, ctx, this.wiring);
      // The approval card of the same call already names the entity by type and title.
      const asked = view.items.find(
        (i) => i.kind === 'approval' && i.card.recordId === event.recordId,
      );
      if (card?.entity && asked?.kind === 'approval' && asked.card.entity) {
        const retitled = asked.card.fields?.find((f) => f.key === 'title')?.proposed;
        card.entity = {
          ...asked.card.entity,
          title: retitled ?? asked.card.entity.title,
          type: card.entity.type,
          status: undefined,
        };
      }
      if (card) view.items.push({ kind: 'result', id: `result:${event.recordId}`, card });
    }
    if (event.type === 'tool_result' && view.mode === 'commands') addLinks(view, event);
    await followUndo(view, event, this.wiring).then(() => this.commit(event.threadId));
  }

  private async commit(threadId: string) {
    const entry = this.views.get(threadId);
    if (!entry) return;
    await this.store.save(entry.view, entry.owner, Date.now());
    this.push(threadId);
  }

  private push(threadId: string) {
    const view = this.views.get(threadId)?.view;
    if (view) this.broadcast(threadId, { type: 'thread-view', view });
  }

  private broadcast(threadId: string, push: ThreadPush) {
    for (const listener of this.listeners) if (listener.threadId === threadId) listener.send(push);
  }

  private label(tool: string): string {
    return this.wiring.registry.get(tool)?.label ?? tool;
  }
}

function wire(error: unknown): { code: string; message: string } {
  if (error instanceof CountersignError) return { code: error.code, message: error.message };
  return { code: 'internal', message: 'Something went wrong; details are in the log.' };
}
