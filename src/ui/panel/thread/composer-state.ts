import { t } from '../../../i18n';
import type { ThreadView } from '../../../shared/protocols/thread-protocol';
import type { Connection } from './thread-model';

/** The composer's placeholder: R3 commands mode never mentions AI. */
export function placeholder(mode: ThreadView['mode'] | undefined): string {
  return mode === 'commands'
    ? t('panel.composer.placeholder.commands')
    : t('panel.composer.placeholder.agent');
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
  if (connection === 'reconnecting')
    return { reason: t('panel.thread.reconnecting'), locked: true };
  if (!view) return { reason: t('panel.composer.opening'), locked: true };
  if (view.pending) {
    return { reason: t('panel.composer.pending'), locked: true };
  }
  if (view.busy) {
    return { reason: t('panel.composer.busy'), locked: false };
  }
  return undefined;
}
