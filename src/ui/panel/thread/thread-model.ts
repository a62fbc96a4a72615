import { t } from '../../../i18n';
import { signal } from '@preact/signals';
import {
  ThreadPushSchema,
  ThreadRequestSchema,
  type EarlierItems,
  type ThreadRequest,
  type ThreadSummary,
  type ThreadView,
} from '../../../shared/protocols/thread-protocol';
import { applyTextDelta } from './apply-push';
import {
  connectThreadPort,
  reconnectDelay,
  type Connect,
  type PortLike,
} from './thread-connection';
import { takeEarlyPort } from './early-port';
import { ITEMS_FIRST, ITEMS_PAGE } from './visible-items';

/** How many times a refused reopen of the shown thread is asked again before the panel says so. */
const REOPEN_TRIES = 6;
import { createOutbox } from './message-outbox';
import { settled } from './in-flight';

/** Where the port to the background stands; "reconnecting" after the worker went away. */
export type Connection = 'connecting' | 'open' | 'reconnecting';

/**
 * A decision as the card sends it: bound to the record, the full payload hash and the
 * card's stamp (G7, G13), with `overEditor` (E2/E3) and a turn's `batch` (issue 36); the
 * model adds the tab, whose session is who decides.
 */
export type DecisionInput = Omit<
  Extract<ThreadRequest, { type: 'decision' }>,
  'type' | 'threadId' | 'tabId'
>;

/** Issue 36: the person's version of a card's text fields (null: the proposal again). */
export type AmendInput = Omit<
  Extract<ThreadRequest, { type: 'amend' }>,
  'type' | 'threadId' | 'tabId'
>;

/** Requests that name the open thread; the model adds its id. */
type ThreadScoped = Extract<ThreadRequest, { threadId: string }>;
type WithoutThread<T> = T extends unknown ? Omit<T, 'threadId'> : never;

/**
 * The thread screen's state: the latest view the background sent, the thread list, the
 * connection, the last error, and which request is in flight (so a card does not send the
 * same decision twice). Connects the `thread` port, opens the tab's thread, applies
 * streamed text, and when the service worker restarts (the port drops) reconnects with
 * backoff and opens the same thread again. Issue 15: the background sends the last
 * `shown` items of the thread and says what comes before them (`earlier`); "Show earlier"
 * asks for more.
 */
export function createThreadModel(
  connect: Connect = connectThreadPort,
  early: (tabId: number) => PortLike | undefined = takeEarlyPort,
) {
  const view = signal<ThreadView | null>(null);
  const earlier = signal<EarlierItems | undefined>(undefined);
  const shown = signal(ITEMS_FIRST);
  const threads = signal<ThreadSummary[]>([]);
  const connection = signal<Connection>('connecting');
  const error = signal<string | undefined>(undefined);
  const inFlight = signal<string | undefined>(undefined);
  let port: PortLike | undefined;
  let tabId: number | undefined;
  let wanted: { threadId?: string } | undefined;
  let attempts = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = true;
  let openFailed = false; // the background refused the open before any view (no context yet)
  let reopens = 0; // opens of a shown thread refused since the port reconnected

  /** Asks the background again for the thread it refused to reopen. */
  const reopen = () => {
    const threadId = wanted?.threadId;
    if (stopped || !port || tabId === undefined) return;
    port.postMessage({
      type: 'thread-open',
      tabId,
      shown: shown.value,
      ...(threadId ? { threadId } : {}),
    });
  };

  const post = (request: ThreadRequest): boolean => {
    const checked = ThreadRequestSchema.safeParse(request);
    if (!checked.success) {
      error.value = t('panel.error.refused');
      return false;
    }
    if (!port || connection.value === 'reconnecting') {
      error.value = t('panel.error.notConnected');
      return false;
    }
    port.postMessage(checked.data);
    return true;
  };

  const receive = (raw: unknown) => {
    const parsed = ThreadPushSchema.safeParse(raw);
    if (!parsed.success) {
      error.value = t('panel.error.badMessage');
      return;
    }
    const push = parsed.data;
    if (push.type === 'error' && wanted && view.value && reopens < REOPEN_TRIES) {
      // The thread was not opened again after a restart (the new worker may not know the
      // tab's page yet): asked again shortly; until then nothing is sent on this port.
      connection.value = 'reconnecting';
      clearTimeout(timer);
      timer = setTimeout(reopen, reconnectDelay(reopens++));
      return;
    }
    // Connected once the thread is open (its view, or a refusal the panel gives up on).
    if (push.type !== 'thread-list' || !wanted) {
      connection.value = 'open';
      attempts = 0;
    }
    if (push.type === 'thread-list') threads.value = push.threads;
    else if (push.type === 'error') {
      if (wanted && !view.value) openFailed = true;
      error.value = push.message;
      inFlight.value = undefined;
      outbox.refused();
    } else if (push.type === 'text-delta') {
      if (view.value) view.value = applyTextDelta(view.value, push);
    } else if (wanted || !view.value || view.value.threadId === push.view.threadId) {
      wanted = undefined;
      reopens = 0;
      view.value = push.view;
      earlier.value = push.earlier;
      error.value = undefined;
      if (inFlight.value && settled(push.view, inFlight.value)) inFlight.value = undefined;
      outbox.follow(push.view);
    }
  };

  const open = () => {
    if (stopped || tabId === undefined) return;
    const current = wanted?.threadId ?? (wanted ? undefined : view.value?.threadId);
    wanted ??= { threadId: current };
    // Issue 15: the panel's first script may have asked for this tab's thread already.
    const asked = !current && shown.value === ITEMS_FIRST ? early(tabId) : undefined;
    port = asked ?? connect();
    port.onMessage.addListener(receive);
    port.onDisconnect.addListener(() => {
      port = undefined;
      inFlight.value = undefined; // the reopened view tells whether it arrived
      outbox.dropped();
      if (stopped) return;
      connection.value = 'reconnecting';
      wanted ??= { threadId: view.value?.threadId };
      timer = setTimeout(open, reconnectDelay(attempts++));
    });
    if (asked) return;
    const opening = current ? { threadId: current } : {};
    port.postMessage({ type: 'thread-open', tabId, shown: shown.value, ...opening });
    port.postMessage({ type: 'thread-list' });
  };

  /** Sends a request about the open thread; false when it could not be sent. */
  const send = (request: WithoutThread<ThreadScoped>, flight?: string): boolean => {
    const threadId = view.value?.threadId;
    if (!threadId) return false;
    const sent = post({ ...request, threadId } as ThreadScoped);
    if (sent && flight) inFlight.value = flight;
    return sent;
  };

  const outbox = createOutbox({
    view,
    connected: () => connection.value !== 'reconnecting',
    send: (text) => send({ type: 'message-send', text }),
  });

  return {
    view,
    earlier,
    shown,
    threads,
    connection,
    error,
    inFlight,
    draft: outbox.draft,
    outgoing: outbox.outgoing,
    unsent: outbox.unsent,
    submit: outbox.submit,
    cancelQueued: outbox.cancelQueued,
    setDraft: outbox.setDraft,
    /** Connects and opens the thread of `tab` (again, when the panel moved to another tab). */
    start(tab: number) {
      if (!stopped && tab === tabId) {
        // Asked before the background knew the tab's page: ask again now that it does.
        if (openFailed) post({ type: 'thread-open', tabId: tab, shown: shown.value });
        openFailed = false;
        return;
      }
      const moved = tabId !== undefined && tab !== tabId;
      tabId = tab;
      if (moved) {
        wanted = {};
        view.value = null;
        shown.value = ITEMS_FIRST;
      }
      if (stopped) {
        stopped = false;
        open();
      } else post({ type: 'thread-open', tabId: tab, shown: shown.value });
    },
    /** Closes the port for good (the panel unmounts). */
    stop() {
      stopped = true;
      clearTimeout(timer);
      port?.disconnect();
      port = undefined;
    },
    /** Switches to a thread, or starts a new one (`fresh`) when no id is given. */
    openThread(threadId?: string) {
      if (tabId === undefined) return;
      wanted = { threadId };
      shown.value = ITEMS_FIRST;
      const which = threadId ? { threadId } : { fresh: true };
      post({ type: 'thread-open', tabId, shown: shown.value, ...which });
    },
    /** "Show earlier": shows more of the thread, asking the background for what it lacks. */
    showEarlier() {
      shown.value += ITEMS_PAGE;
      send({ type: 'items-show', shown: shown.value });
    },
    listThreads: () => post({ type: 'thread-list' }),
    send,
    /** Issue 36: the person's version of the card's proposal, bound to the card shown. */
    amend: (input: AmendInput) =>
      tabId !== undefined &&
      send({ type: 'amend', tabId, ...input }, `amend:${input.recordId}@${input.payloadHash}`),
    /** G7: the decision for the card on screen, bound to its record id and payload hash. */
    decide: (input: DecisionInput) =>
      tabId !== undefined &&
      send({ type: 'decision', tabId, ...input }, `decision:${input.recordId}`),
  };
}

/** One thread screen's model (see {@link createThreadModel}). */
export type ThreadModel = ReturnType<typeof createThreadModel>;
