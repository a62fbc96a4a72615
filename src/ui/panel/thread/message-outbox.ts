import { signal, type Signal } from '@preact/signals';
import { t } from '../../../i18n';
import type { ThreadView } from '../../../shared/protocols/thread-protocol';

/**
 * A message the person sent that the thread does not show yet (R1). `queued`: sent while
 * the agent worked, it goes as soon as the step ends (and no call waits for a decision).
 * `sent`: posted to the background, until a view of the thread shows it. A message the
 * background never took (the service worker stopped first, or it refused the message) is
 * given back to the message box, never lost.
 */
export interface Outgoing {
  threadId: string;
  text: string;
  state: 'queued' | 'sent';
  /** The id of the person's last message in the thread when this one was posted. */
  after?: string;
  /** A view said busy since it was posted: an operation ran (ours, or one before it). */
  started?: boolean;
  /** The port to the background dropped after it was posted. */
  dropped?: boolean;
}

/** What to do with the outgoing message, given a view the background pushed. */
export type OutboxStep =
  | { kind: 'keep'; outgoing: Outgoing }
  | { kind: 'post' }
  | { kind: 'arrived' }
  | { kind: 'give-back'; reason: string };

/** Why a message came back to the box, in the person's words (read when it happens). */
export const GIVEN_BACK = {
  get restarted(): string {
    return t('panel.unsent.restarted');
  },
  get refused(): string {
    return t('panel.unsent.refused');
  },
  get switched(): string {
    return t('panel.unsent.switched');
  },
};

/** The id of the person's last message among the items the view holds. */
export function lastUserId(view: ThreadView | null): string | undefined {
  return view?.items.findLast((item) => item.kind === 'user')?.id;
}

/**
 * Whether the view shows a message of the person with `text` newer than `after`. The view
 * holds a contiguous tail of the thread, so when `after` is not in it every item is newer.
 */
export function shows(view: ThreadView, text: string, after: string | undefined): boolean {
  const from = after === undefined ? -1 : view.items.findIndex((item) => item.id === after);
  return view.items.some((item, i) => i > from && item.kind === 'user' && item.text === text);
}

/**
 * The next step for `outgoing` on a view of the open thread. A queued message is posted
 * once the thread is idle. A posted one has arrived when the view shows it; it was never
 * taken when the operation it waited for ended without it (or, the port having dropped,
 * the reopened thread is idle without it): then it is given back. A later view that shows
 * it after all lets the panel take it out of the box again (`shows`).
 */
export function onView(outgoing: Outgoing, view: ThreadView): OutboxStep {
  if (view.threadId !== outgoing.threadId) {
    return outgoing.state === 'queued'
      ? { kind: 'give-back', reason: GIVEN_BACK.switched }
      : { kind: 'arrived' }; // it went to the thread it was sent on
  }
  if (outgoing.state === 'queued') {
    return !view.busy && view.pending === null ? { kind: 'post' } : { kind: 'keep', outgoing };
  }
  if (shows(view, outgoing.text, outgoing.after)) return { kind: 'arrived' };
  if (view.busy) return { kind: 'keep', outgoing: { ...outgoing, started: true } };
  if (outgoing.dropped) return { kind: 'give-back', reason: GIVEN_BACK.restarted };
  if (outgoing.started) return { kind: 'give-back', reason: GIVEN_BACK.refused };
  return { kind: 'keep', outgoing };
}

/** What the outbox needs of the thread model. */
export interface OutboxPort {
  /** The view the panel shows. */
  view: Signal<ThreadView | null>;
  /** False while the port to the background is reconnecting. */
  connected(): boolean;
  /** Posts `message-send` for the open thread; false when it could not be sent. */
  send(text: string): boolean;
}

/**
 * The message box's text and the person's message on its way (R1, S5): sent at once on an
 * idle thread, queued while the agent works, followed through the views the background
 * pushes, and given back to the box when the background never took it.
 */
export function createOutbox(port: OutboxPort) {
  /** The message box's text; a message that was not sent comes back to it. */
  const draft = signal('');
  const outgoing = signal<Outgoing | undefined>(undefined);
  /** Why the box holds a message given back, until the person sends or changes it. */
  const unsent = signal<string | undefined>(undefined);
  let givenBack: { threadId: string; text: string; after?: string } | undefined;

  const intoBox = (text: string) => {
    draft.value = draft.value.trim() ? `${text}\n\n${draft.value}` : text;
  };
  const giveBack = (out: Outgoing, reason: string) => {
    outgoing.value = undefined;
    givenBack = { threadId: out.threadId, text: out.text, after: out.after };
    intoBox(out.text);
    unsent.value = reason;
  };
  /** Posts the message; it stays queued when the port cannot take it now. */
  const post = (out: Outgoing): boolean => {
    if (port.view.value?.threadId !== out.threadId) return false;
    const after = lastUserId(port.view.value);
    if (!port.send(out.text)) return false;
    outgoing.value = { threadId: out.threadId, text: out.text, state: 'sent', after };
    return true;
  };

  return {
    draft,
    outgoing,
    unsent,
    /**
     * Sends the person's message, or queues it while the agent works. False when it cannot
     * go now (no thread yet, a call waits for a decision, reconnecting, or a message is
     * already on its way): the box keeps it.
     */
    submit(text: string): boolean {
      const shown = port.view.value;
      if (!shown || shown.pending || outgoing.value || !port.connected()) return false;
      const out: Outgoing = { threadId: shown.threadId, text, state: 'queued' };
      if (shown.busy) outgoing.value = out;
      else if (!post(out)) return false;
      unsent.value = undefined;
      givenBack = undefined;
      return true;
    },
    /** Takes a queued message back into the box, unsent. */
    cancelQueued() {
      const out = outgoing.value;
      if (out?.state !== 'queued') return;
      outgoing.value = undefined;
      intoBox(out.text);
    },
    /** The person edits the box: a note about a message given back no longer applies. */
    setDraft(text: string) {
      draft.value = text;
      if (unsent.value && text !== givenBack?.text) unsent.value = undefined;
    },
    /** A view of the thread arrived (see {@link onView}). */
    follow(view: ThreadView) {
      const out = outgoing.value;
      const step = out && onView(out, view);
      if (step?.kind === 'keep') outgoing.value = step.outgoing;
      else if (step?.kind === 'arrived') outgoing.value = undefined;
      else if (step?.kind === 'give-back') giveBack(out!, step.reason);
      else if (step?.kind === 'post') post(out!);
      // Given back, then shown after all (a restart's recovery took it): out of the box.
      const back = givenBack;
      if (back?.threadId === view.threadId && shows(view, back.text, back.after)) {
        givenBack = undefined;
        if (draft.value === back.text) {
          draft.value = '';
          unsent.value = undefined;
        }
      }
    },
    /** The background refused a request: a posted message no operation began with was not taken. */
    refused() {
      const out = outgoing.value;
      if (out?.state === 'sent' && !out.started) giveBack(out, GIVEN_BACK.refused);
    },
    /** The port dropped: a posted message is judged by the reopened thread. */
    dropped() {
      const out = outgoing.value;
      if (out?.state === 'sent') outgoing.value = { ...out, dropped: true };
    },
  };
}
