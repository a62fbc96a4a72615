import { sameOwner } from '../../audit';
import { ThreadLocks, type RunEvent } from '../../run';
import type { ThreadRequest } from '../../shared/protocols/thread-protocol';
import { CountersignError } from '../../shared/errors';
import { logger } from '../../shared/log';
import { ownerOf } from '../sessions';
import { agentFor, type RunWiring } from './run-deps';
import { publishOp, undoOp } from './result-cards';
import type { ThreadViewStore } from './thread-view-store';
import { takeThreadFocus } from '../notify';
import { pickedModel } from './model-choice';
import { editorHoldAt } from '../editor-hold';
import { applyAmend, applyDecision } from './decision-request';
import type { ViewCache } from './view-cache';
import { editUnsaved, messageUnsaved } from './answer-catch-up';
import { runOperation } from './run-operation';
import { PanelHub, type PanelListener, type Send } from './panel-hub';
import { ThreadViews } from './thread-views';
import { viewPush } from './view-window';
import { ThreadViewError } from './thread-view-format';
import { ThreadEvents } from './thread-events';
import { openThread } from './thread-open';
import { editMessage, sendMessage, type Operation } from './message-ops';
import { t } from '../../i18n';

const log = logger('threads');

/**
 * Threads as the panel sees them: each request is checked (the thread is the tab's site
 * and person) and runs as one operation under the thread's lock, through the run loop.
 * The views are owned by `ThreadViews`, the panels by `PanelHub`, and the run's events
 * become the view in `ThreadEvents` (C6).
 */
export class ThreadService {
  private readonly hub = new PanelHub();
  private readonly threadViews: ThreadViews;
  private readonly events: ThreadEvents;
  private readonly tabs = new Map<string, number>(); // the tab whose panel last acted on it
  /** One runner per thread for the whole worker: every operation runs under its lock. */
  private readonly locks = new ThreadLocks();

  constructor(
    private readonly wiring: Omit<RunWiring, 'emit'>,
    private readonly store: ThreadViewStore,
  ) {
    this.threadViews = new ThreadViews(store, this.hub);
    this.events = new ThreadEvents(wiring, this.threadViews, this.hub, this.tabs);
  }

  /** G15: the approvers' pickup reads a thread's view too. */
  get views(): ViewCache {
    return this.threadViews.cache;
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
        await this.operateLocked(
          threadId,
          async (l, owner, agent) => {
            // R1: an edit or a message its worker saved in the view but not in the run is
            // done again.
            const state = await l.state(threadId);
            const edit = editUnsaved(entry.view, state);
            if (edit) return agent.edit(threadId, edit.index, edit.text, owner);
            const said = messageUnsaved(entry.view, state);
            return said ? agent.reply(threadId, said, owner) : l.resume(threadId);
          },
          true,
        );
      })
      .catch((error) => log.warn(`thread ${threadId} could not resume yet`, error));
  }

  /** A panel connected: its pushes go to `send` until it disconnects. */
  connect(send: Send): { handle(request: ThreadRequest): Promise<void>; close(): void } {
    const listener = this.hub.add(send);
    return {
      handle: (request) =>
        this.handle(request, listener).catch((error) => {
          log.warn(`request ${request.type} failed`, error);
          send({ type: 'error', ...wire(error) });
        }),
      close: () => this.hub.remove(listener),
    };
  }

  private async handle(request: ThreadRequest, listener: PanelListener): Promise<void> {
    if ('threadId' in request && request.type !== 'thread-open' && request.threadId) {
      await this.checkSite(request.threadId, listener);
    }
    const operate = this.operate.bind(this);
    switch (request.type) {
      case 'thread-list': // as it is now: titles given and threads opened since
        return listener.send({
          type: 'thread-list',
          threads: await this.store.listBeside(listener.threadId),
        });
      case 'thread-open':
        return this.open(request, listener);
      case 'items-show': // issue 15: "Show earlier" (the site was checked above)
        if (listener.threadId !== request.threadId) return;
        listener.shown = request.shown;
        return listener.send(
          viewPush((await this.views.entry(request.threadId)).view, request.shown),
        );
      case 'message-send':
        return sendMessage(this.threadViews, operate, request.threadId, request.text);
      case 'message-edit': {
        const { threadId, itemId, text } = request;
        return editMessage(this.threadViews, operate, threadId, itemId, text);
      }
      case 'decision':
        return this.decide(request);
      case 'amend': // issue 36: the person's version of the proposal, checked as one
        return this.amend(request);
      case 'grant-revoke':
        return this.operate(request.threadId, (l, o) =>
          l.revokeGrant(request.threadId, request.tool, o),
        );
      case 'publish': // U2: a person's call through the run loop, gated like any other
        return this.operate(request.threadId, publishOp(request, this.wiring, this.views));
      case 'undo': // E4: a person's call through the run loop, gated like any other
        return this.operate(request.threadId, undoOp(request, this.wiring, this.views));
      case 'model-set':
        return this.setModel(request.threadId, request.model);
    }
  }

  private async open(
    request: Extract<ThreadRequest, { type: 'thread-open' }>,
    listener: PanelListener,
  ) {
    const site = await this.wiring.sessions.forTab(request.tabId);
    listener.tabId = request.tabId;
    listener.shown = request.shown;
    const open = (threadId: string | undefined, fresh: boolean) =>
      openThread(this.threadViews, this.wiringWith(), site, threadId, fresh);
    // A notification click names the thread to show (its card); else the latest.
    const focus =
      request.threadId || request.fresh ? undefined : await takeThreadFocus(request.tabId);
    let unshown: unknown;
    const entry = focus
      ? await open(focus, false).catch((error: unknown) => {
          unshown = error;
          return open(undefined, false);
        })
      : await open(request.threadId, request.fresh === true);
    listener.threadId = entry.view.threadId;
    this.tabs.set(entry.view.threadId, request.tabId);
    listener.send(viewPush(entry.view, listener.shown));
    // The notification's thread cannot be shown: the panel says why, over the one it shows.
    if (unshown instanceof ThreadViewError) listener.send({ type: 'error', ...wire(unshown) });
    void this.recover(entry.view.threadId);
    return this.handle({ type: 'thread-list' }, listener); // the list comes with it
  }

  /**
   * A thread belongs to one person on one site (its REST root: two sites may share an
   * origin): a panel acts on a thread only while its tab shows that site, signed in as them.
   */
  private async checkSite(threadId: string, listener: PanelListener) {
    if (listener.tabId === undefined) {
      throw new CountersignError('not-owner', t('worker.thread.notOpened'));
    }
    const site = await this.wiring.sessions.forTab(listener.tabId);
    const { owner } = await this.views.entry(threadId);
    if (!sameOwner(owner, ownerOf(site))) {
      throw new CountersignError('not-owner', t('worker.thread.otherOwner'));
    }
    this.tabs.set(threadId, listener.tabId);
  }

  private async decide(request: Extract<ThreadRequest, { type: 'decision' }>) {
    await this.operate(request.threadId, async (loop, owner, agent) => {
      const onEvent = (e: RunEvent) => this.onEvent(e);
      const shown = await loop.approval(request.threadId);
      const hold = editorHoldAt(request, shown, owner, this.wiring);
      const view = (await this.views.entry(request.threadId)).view;
      await applyDecision(request, agent, this.wiring.sessions, view, onEvent, hold);
    });
  }

  /** Issue 36: the person's version of the pending call's proposal (decision-request.ts). */
  private amend(request: Extract<ThreadRequest, { type: 'amend' }>) {
    return this.operate(request.threadId, (loop) =>
      applyAmend(request, loop, this.wiring.sessions),
    );
  }

  /** R4: the thread's model, chosen in the composer; every later request of it names it. */
  private async setModel(threadId: string, model: string) {
    (await this.views.entry(threadId)).view.model = pickedModel(model);
    await this.threadViews.commit(threadId);
  }

  /**
   * Runs one operation under the thread's lock, the view busy; then saves it. The view
   * follows the run's events; one that finishes a dead worker's operation is synced.
   */
  operate(threadId: string, op: Operation): Promise<void> {
    return this.locks.run(threadId, () => this.operateLocked(threadId, op));
  }

  /** `resuming`: the operation finishes what a dead worker left (see `recover`). */
  private operateLocked(threadId: string, op: Operation, resuming = false): Promise<void> {
    const { threadViews, events, tabs } = this;
    const parts = { views: threadViews, events, tabs, wiring: this.wiringWith() };
    return runOperation(parts, threadId, op, resuming);
  }

  private wiringWith(): RunWiring {
    return { ...this.wiring, emit: this.events.emit };
  }

  /** Applies a run event to its thread's view (the approvers' pickup sends its own). */
  onEvent(event: RunEvent): Promise<void> {
    return this.events.apply(event);
  }
}

function wire(error: unknown): { code: string; message: string } {
  if (error instanceof CountersignError) return { code: error.code, message: error.message };
  return { code: 'internal', message: t('worker.error.internal') };
}
