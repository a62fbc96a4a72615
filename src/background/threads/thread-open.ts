import { t } from '../../i18n';
import { sameOwner } from '../../audit';
import type { ThreadItem, ThreadView } from '../../shared/protocols/thread-protocol';
import { CountersignError } from '../../shared/errors';
import { agentFor, agentMode, type RunWiring } from './run-deps';
import { ownerOf, type SiteSession } from '../sessions';
import { firstModel } from './model-choice';
import type { ThreadViews } from './thread-views';
import type { ViewEntry } from './view-cache';
import { ThreadViewError } from './thread-view-format';

/**
 * The thread a panel opens on a site: the one named (it must be the session's, C6), else
 * the thread shown last; `fresh` ("New") makes one, reusing an empty latest thread.
 */
export async function openThread(
  views: ThreadViews,
  wiring: RunWiring,
  site: SiteSession,
  threadId: string | undefined,
  fresh: boolean,
): Promise<ViewEntry> {
  const owner = ownerOf(site);
  if (threadId) {
    const entry = await views.entry(threadId);
    if (!sameOwner(entry.owner, owner)) {
      throw new CountersignError('not-owner', t('worker.thread.someoneElse'));
    }
    return entry;
  }
  const latest = (await views.store.list(owner))[0];
  let unshown: ThreadViewError | undefined;
  if (latest) {
    const entry = await views.entry(latest.threadId).catch((error: unknown) => {
      if (error instanceof ThreadViewError) unshown = error;
      return undefined;
    });
    if (entry && (!fresh || entry.view.items.length === 0)) return entry;
  }
  const { loop } = await agentFor(wiring, site);
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
    // The thread shown last cannot be: the new one says why, once (it stays in the list).
    items: unshown ? [unshownNotice(unshown)] : [],
    ...(await firstModel(mode)),
  };
  return views.create({ view, owner });
}

/** What a new thread says when the thread shown last could not be opened. */
function unshownNotice(error: ThreadViewError): ThreadItem {
  return {
    kind: 'notice',
    id: 'n-unshown',
    level: 'warning',
    // The error speaks of "this thread": here it is the one before.
    // (In English "this thread" becomes "it"; other languages' texts do not start so.)
    message: t('worker.notice.unshown', {
      why: error.message.replace(/^This thread's/, 'Its').replace(/^This thread/, 'It'),
    }),
  };
}
