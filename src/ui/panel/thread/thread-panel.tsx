import { useEffect, useMemo } from 'preact/hooks';
import { t } from '../../../i18n';
import { loadCards } from '../../cards/lazy-cards';
import { imageOrigins, type SiteEnv } from '../../site-env';
import { Composer } from './composer';
import type { ItemEnv } from './thread-item';
import { ThreadHeader } from './thread-header';
import { ThreadItems } from './thread-items';
import { publishFlight } from './in-flight';
import type { ThreadModel } from './thread-model';

/**
 * The thread beside the admin: header (threads, grants, settings changed), the items and
 * cards, progress while the agent works, and the composer. Renders what the model holds
 * and sends back what the person does; the background decides everything else.
 */
export function ThreadPanel({ model, site }: { model: ThreadModel; site: SiteEnv }) {
  const view = model.view.value;
  useEffect(() => {
    // Fetch the cards' chunk once the panel has painted, so the first card shows at once.
    const timer = setTimeout(() => void loadCards(), 300);
    return () => clearTimeout(timer);
  }, []);
  const env = useMemo<ItemEnv>(
    () => ({
      adminUrl: site.adminUrl,
      imageOrigins: imageOrigins(site),
      decide: (decision) => model.decide(decision),
      amend: (input) => model.amend(input),
      publish: (recordId, checkedAt) =>
        model.send({ type: 'publish', recordId }, publishFlight(recordId, checkedAt)),
      undo: (recordId) => model.send({ type: 'undo', recordId }, `undo:${recordId}`),
      edit: (itemId, text) => model.send({ type: 'message-edit', itemId, text }),
    }),
    [model, site.adminUrl, site.origin],
  );
  return (
    <section class="thread" aria-label={t('panel.thread.label')}>
      <ThreadHeader
        view={view}
        earlier={model.earlier.value}
        threads={model.threads.value}
        onOpen={(threadId) => model.openThread(threadId)}
        onList={() => model.listThreads()}
        onRevoke={(tool) => model.send({ type: 'grant-revoke', tool })}
      />
      {model.connection.value === 'reconnecting' && (
        <p class="banner" role="status">
          <span class="spinner" aria-hidden="true" /> {t('panel.thread.reconnecting')}
        </p>
      )}
      {model.error.value && (
        <p class="inline-error" role="alert">
          {model.error.value}
        </p>
      )}
      {view ? (
        <ThreadItems
          view={view}
          earlier={model.earlier.value}
          shown={model.shown.value}
          onShowEarlier={() => model.showEarlier()}
          env={env}
          site={site}
          inFlight={model.inFlight.value}
        />
      ) : (
        <p class="muted" aria-busy="true">
          <span class="spinner" aria-hidden="true" /> {t('panel.thread.opening')}
        </p>
      )}
      {view?.busy && (
        <p class="progress" role="status" data-testid="busy">
          <span class="progress-bar" aria-hidden="true" /> {t('panel.thread.working')}
        </p>
      )}
      <Composer
        view={view}
        connection={model.connection.value}
        draft={model.draft.value}
        onDraft={(text) => model.setDraft(text)}
        outgoing={model.outgoing.value}
        unsent={model.unsent.value}
        onSend={(text) => model.submit(text)}
        onCancelQueued={() => model.cancelQueued()}
        onModel={(choice) => model.send({ type: 'model-set', model: choice })}
      />
    </section>
  );
}
