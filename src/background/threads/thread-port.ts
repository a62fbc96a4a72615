import { t } from '../../i18n';
import { ThreadRequestSchema, type ThreadPush } from '../../shared/protocols/thread-protocol';
import { logger } from '../../shared/log';
import type { ThreadService } from './thread-service';

const log = logger('thread-port');

/**
 * The panel's long-lived `thread` port. Only the extension's own pages may connect (S6);
 * every request is validated before it reaches the thread service.
 */
export function acceptThreadPorts(threads: ThreadService): void {
  const extensionOrigin = chrome.runtime.getURL('');
  chrome.runtime.onConnect.addListener((port) => {
    if (port.name !== 'thread') return;
    const sender = port.sender;
    if (sender?.id !== chrome.runtime.id || !sender.url?.startsWith(extensionOrigin)) {
      log.warn('refused a thread port from outside the extension');
      port.disconnect();
      return;
    }
    const send = (push: ThreadPush) => {
      try {
        port.postMessage(push);
      } catch {
        // The panel closed between the event and the push: nothing to deliver.
      }
    };
    const session = threads.connect(send);
    port.onMessage.addListener((raw: unknown) => {
      const request = ThreadRequestSchema.safeParse(raw);
      if (!request.success) {
        // Names the field, never its value (a garbled request may carry anything).
        const issue = request.error.issues[0];
        const field = issue?.path.join('.');
        send({
          type: 'error',
          code: 'bad-request',
          message: field
            ? t('worker.thread.badRequestAt', { field })
            : t('worker.thread.badRequest'),
        });
        return;
      }
      void session.handle(request.data);
    });
    port.onDisconnect.addListener(() => session.close());
  });
}
