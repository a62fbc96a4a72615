import type { ThreadView } from '../../../shared/thread-protocol';
import type { Connection } from './thread-model';

/** The composer's placeholder: R3 commands mode never mentions AI. */
export function placeholder(mode: ThreadView['mode'] | undefined): string {
  return mode === 'commands'
    ? 'Search your content or type / for commands'
    : 'Ask about this site, or ask for a change';
}

/**
 * Why the composer cannot send now, or undefined when it can. `locked` reasons disable the
 * text box too: a pending call (G6) or no connection. While busy the person may type and
 * send: the message waits for the step to end (outbox.ts).
 */
export function composerBlock(
  view: ThreadView | null,
  connection: Connection,
): { reason: string; locked: boolean } | undefined {
  if (connection === 'reconnecting') return { reason: 'Reconnecting…', locked: true };
  if (!view) return { reason: 'Opening the thread…', locked: true };
  if (view.pending) {
    return {
      reason: 'Waiting for your decision on the card above: new messages wait until it is decided.',
      locked: true,
    };
  }
  if (view.busy) {
    return { reason: 'Working… a message you send now goes when this step ends.', locked: false };
  }
  return undefined;
}
